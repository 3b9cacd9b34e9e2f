/** A compliance score (0..1) as pages and the digest write it: a percentage with one decimal, else `none`. */
export function auditScoreText(score: number | null, none = '–'): string {
  return score === null ? none : `${(score * 100).toFixed(1)}%`;
}

/** The change between two scores in percentage points ("+2.5 points", "no change"), or null without both. */
export function auditScoreChange(score: number | null, previous: number | null): string | null {
  if (score === null || previous === null) return null;
  const points = Math.round((score - previous) * 1000) / 10;
  return points === 0 ? 'no change' : `${points > 0 ? '+' : ''}${points.toFixed(1)} points`;
}
