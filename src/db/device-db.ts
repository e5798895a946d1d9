// The one device database of this context (page or service worker).
import { GarageDb } from './garage-db';

export const deviceDb = new GarageDb();
