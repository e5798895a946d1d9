// The badges feature's public entry: what another feature's action calls to celebrate.
export { celebrate, celebrationStore } from './celebration-store';
