// The catalogue feature's public entry: links, car photos, price and date formats, the add action
// and the browser, for the features that show catalogue cars.
export { addCar } from './catalog-actions';
export { CatalogBrowser } from './catalog-browser';
export { DeviceProgress } from './device-progress';
export { CarPhoto, HuntMark, carMetaLine } from './car-tile';
export { formatDate, formatPrice } from './format';
export { carLink, setLink } from './links';
