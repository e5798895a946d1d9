// The offline photos feature's public entry: the settings section that keeps photos on the device.
export { ReadyForOffline } from './ready-for-offline';
