// The trade commands (issue 5): filled in by the trade feature.
import type { CommunityCommand } from '../community/command';

export const tradeCommands: CommunityCommand[] = [];
