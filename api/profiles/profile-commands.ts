// The profiles commands (issue 5): filled in by the profiles feature.
import type { CommunityCommand } from '../community/command';

export const profileCommands: CommunityCommand[] = [];
