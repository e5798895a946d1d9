// The posts commands (issue 5): filled in by the posts feature.
import type { CommunityCommand } from '../community/command';

export const postCommands: CommunityCommand[] = [];
