/** A card's brand as people write it: the provider names it in lower case ("visa" → "Visa"). */
export function cardBrandName(brand: string): string {
  return brand ? `${brand[0]!.toUpperCase()}${brand.slice(1)}` : brand;
}
