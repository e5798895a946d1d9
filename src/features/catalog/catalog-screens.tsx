// The catalog screens of SPEC §2 (one lazily loaded chunk). Stand-ins until each is built.
import { PlannedScreen } from '../../routes/planned-screen';

export function MainlinesYearsScreen() {
  return <PlannedScreen title="Mainlines Years" />;
}

export function MainlinesYearScreen() {
  return <PlannedScreen title="Mainlines Year" />;
}

export function FivePackScreen() {
  return <PlannedScreen title="Five Pack" />;
}

export function SeriesSetsScreen() {
  return <PlannedScreen title="Series Sets" />;
}

export function SeriesSetScreen() {
  return <PlannedScreen title="Series Set" />;
}

export function MatchboxYearsScreen() {
  return <PlannedScreen title="Matchbox Years" />;
}

export function MatchboxYearScreen() {
  return <PlannedScreen title="Matchbox Year" />;
}

export function ExclusiveCategoriesScreen() {
  return <PlannedScreen title="Exclusive Categories" />;
}

export function ExclusiveYearsScreen() {
  return <PlannedScreen title="Exclusive Years" />;
}

export function ExclusiveCarsScreen() {
  return <PlannedScreen title="Exclusive Cars" />;
}

export function BrandScreen() {
  return <PlannedScreen title="Brand" />;
}

export function HotWheelsYearsScreen() {
  return <PlannedScreen title="Hot Wheels Years" />;
}

export function CarDetailScreen() {
  return <PlannedScreen title="Car Detail" />;
}

export function SearchScreen() {
  return <PlannedScreen title="Search" />;
}

export function FilterScreen() {
  return <PlannedScreen title="Filter" />;
}
