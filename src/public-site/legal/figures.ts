// SPEC §9 figures quoted by the legal pages and the FAQ (not in src/schemas/limits.ts).
export const legalFigures = {
  lifetimeYears: 15,
  requestDays: 30,
  minimumAge: 13,
} as const;
