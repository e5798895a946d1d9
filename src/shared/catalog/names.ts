// How catalogue names appear in URLs (docs/product.md set links): shared by links, routes and lookups.

/** A series name lowercased with spaces replaced by hyphens ('HW Dream Garage' → 'hw-dream-garage'). */
export function nameSlug(name: string): string {
  return name.toLowerCase().replace(/ /g, '-');
}
