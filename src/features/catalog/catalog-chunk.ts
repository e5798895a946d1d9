// The catalogue screens (docs/product.md) as one lazily loaded chunk, all read from the device's
// copy of the catalogue, so they work with no network: year lists, a year's cars, five-packs,
// series and their sets, Matchbox, exclusives, brands, every Hot Wheels year, the car page,
// search and filter. One screen a file; the routes import them from here.
export { BrandScreen } from './brand-screen';
export { CarDetailScreen } from './car-screen';
export { ExclusiveCarsScreen } from './exclusive-cars-screen';
export { ExclusiveCategoriesScreen } from './exclusive-categories-screen';
export { ExclusiveYearsScreen } from './exclusive-years-screen';
export { HotWheelsYearsScreen } from './hot-wheels-years-screen';
export { MainlinesYearScreen } from './mainlines-year-screen';
export { MainlinesYearsScreen } from './mainlines-years-screen';
export { MatchboxYearScreen } from './matchbox-year-screen';
export { MatchboxYearsScreen } from './matchbox-years-screen';
export { SeriesSetsScreen } from './series-sets-screen';
export { FivePackScreen, SeriesSetScreen } from './set-screen';
export { FilterScreen } from './filter-screen';
export { SearchScreen } from './search-screen';
