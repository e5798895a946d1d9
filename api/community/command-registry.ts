// Every community command by name: the endpoints and the push dispatcher look them up here.
import type { CommunityCommand } from './command';
import { postCommands } from '../posts/post-commands';
import { profileCommands } from '../profiles/profile-commands';
import { tradeCommands } from '../trade/trade-commands';

const registry = new Map<string, CommunityCommand>();
for (const command of [...postCommands, ...profileCommands, ...tradeCommands]) {
  if (registry.has(command.name)) throw new Error(`Duplicate community command ${command.name}`);
  registry.set(command.name, command);
}

export function communityCommand(name: string): CommunityCommand | undefined {
  return registry.get(name);
}

export function communityCommandNames(): string[] {
  return [...registry.keys()];
}
