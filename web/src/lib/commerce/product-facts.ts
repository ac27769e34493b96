/** Shelf life as a trade buyer reads it: "Shelf life 21 days". */
export const shelfLifeText = (days: number): string => `Shelf life ${days} ${days === 1 ? 'day' : 'days'}`;
