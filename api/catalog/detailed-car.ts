// A catalogue car under the detailed-car field names of docs/product.md (POST /api/collection/details).
import type { catalogCars } from '../db/schema';

export function detailedCar(car: typeof catalogCars.$inferSelect) {
  return {
    _id: car.id,
    'Casting Name': car.name,
    image: car.image,
    Series: car.series,
    'Series #': car.seriesNumber,
    Year: car.year,
    'Body Color': car.color,
    'Set Name': car.setName,
    type: car.type,
    Category: car.category,
    'Hunt Type': car.huntType,
    brand: car.brand,
    retailPrice: car.retailPrice,
    setRetailPrice: car.setRetailPrice,
    carsInSet: car.carsInSet,
    SetID: car.setId,
    'five Pack ID': car.fivePackId,
    'Toy #': car.toyNumber,
    'Col #': car.collectorNumber,
  };
}
