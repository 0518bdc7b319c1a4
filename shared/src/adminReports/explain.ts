import { gradeLabel, gradeOf } from '../analysts/performance';
import { analystTeam, shiftMonths, type TeamCandidate, type TeamParams } from '../analysts/team';
import type { ExplainRule, ExplainSector } from './schemas';

const pct = (rate: number) => `${(Math.round(rate * 10_000) / 100).toString()}%`;

/**
 * Why an analyst is or is not in a sector's team on a day: each rule of `analystTeam` (shared
 * analysts/team.ts) with what it asks and what the analyst has, from the same candidates the team is
 * built from. The verdict is the team's own (the analyst is in it or not); the rules say why.
 */
export function explainTeamPlace(
  candidates: readonly TeamCandidate[],
  analystId: string,
  sector: string,
  asOf: string,
  params: TeamParams,
  nameOf: (analystId: string) => string = (id) => id,
): ExplainSector {
  const team = analystTeam(candidates, asOf, params);
  const everyone = analystTeam(candidates, asOf, { ...params, maxSize: Number.MAX_SAFE_INTEGER });
  const lookbackStart = shiftMonths(asOf, -12 * params.lookbackYears);
  const activeStart = shiftMonths(asOf, -params.activeMonths);
  const own = candidates.find((candidate) => candidate.analystId === analystId)?.ratings ?? [];
  const known = own.filter((rating) => rating.published <= asOf);
  const judged = known.filter((rating) => rating.published > lookbackStart);
  const lastRating = known.reduce<string | null>(
    (last, rating) => (last === null || rating.published > last ? rating.published : last),
    null,
  );
  const active = judged.filter((rating) => rating.published > activeStart).length;
  const decided = judged.filter((rating) => rating.outcome.decided);
  const successes = decided.filter((rating) => rating.outcome.success).length;
  const successRate = decided.length === 0 ? null : successes / decided.length;
  const ended = judged.filter((rating) => rating.horizonEnded);
  const outperformed = ended.filter((rating) => rating.outcome.outperformed).length;
  const outperformRate = ended.length === 0 ? null : outperformed / ended.length;
  const member = team.find((entry) => entry.analystId === analystId) ?? null;
  const qualified = everyone.find((entry) => entry.analystId === analystId) ?? null;

  const rules: ExplainRule[] = [];
  rules.push({
    rule: 'active',
    label: `Rated the sector in the last ${params.activeMonths} months`,
    required: 1,
    actual: active,
    passed: active > 0,
    text:
      active > 0
        ? `${active} rating${active === 1 ? '' : 's'} after ${activeStart} (needs at least 1)`
        : `No rating after ${activeStart}${lastRating ? `; the last was on ${lastRating}` : ''} (needs at least 1)`,
  });
  rules.push({
    rule: 'minDecided',
    label: 'Team threshold: decided ratings',
    required: params.minDecided,
    actual: decided.length,
    passed: decided.length > 0 && decided.length >= params.minDecided,
    text: `${decided.length} decided rating${decided.length === 1 ? '' : 's'} of ${judged.length} in the ${params.lookbackYears}-year look-back (needs at least ${params.minDecided})`,
  });
  rules.push({
    rule: 'minSuccessRate',
    label: 'Minimum success ratio',
    required: params.minSuccessRate,
    actual: successRate,
    passed: successRate !== null && successRate >= params.minSuccessRate,
    text:
      successRate === null
        ? `No decided rating to measure (needs ${pct(params.minSuccessRate)})`
        : `${successes} of ${decided.length} succeeded: ${pct(successRate)}, grade ${gradeLabel(gradeOf(successRate))} (needs ${pct(params.minSuccessRate)})`,
  });
  rules.push({
    rule: 'minOutperformRate',
    label: 'Minimum monthly average: outperformed the sector ETF',
    required: params.minOutperformRate,
    actual: outperformRate,
    passed: (outperformRate ?? 0) >= params.minOutperformRate,
    text:
      outperformRate === null
        ? `No rating whose six-month horizon has ended (counts as 0%; needs ${pct(params.minOutperformRate)})`
        : `${outperformed} of ${ended.length} finished ratings beat the sector ETF: ${pct(outperformRate)} (needs ${pct(params.minOutperformRate)})`,
  });
  rules.push({
    rule: 'maxSize',
    label: `Among the best ${params.maxSize}`,
    required: params.maxSize,
    actual: qualified?.rank ?? null,
    passed: member !== null,
    text:
      qualified === null
        ? `Not ranked: ${everyone.length} analyst${everyone.length === 1 ? '' : 's'} qualified`
        : `Ranked ${qualified.rank} of ${everyone.length} qualifying analysts (the team takes the best ${params.maxSize})`,
  });

  const failed = rules.filter((rule) => !rule.passed);
  const name = nameOf(analystId);
  const summary =
    member !== null
      ? `${name} is in the ${sector} team as of ${asOf}, ranked ${member.rank} of ${team.length}.`
      : `${name} is not in the ${sector} team as of ${asOf}: ${failed
          .map((rule) => rule.label.charAt(0).toLowerCase() + rule.label.slice(1))
          .join('; ')} not met.`;

  return {
    sector,
    asOf,
    inTeam: member !== null,
    rank: qualified?.rank ?? null,
    teamSize: team.length,
    qualifying: everyone.length,
    ratings: known.length,
    ratingsInLookback: judged.length,
    lastRating,
    decided: decided.length,
    successes,
    successRate,
    horizonEnded: ended.length,
    outperformed,
    outperformRate,
    rules,
    team: team.map((entry) => ({
      analystId: entry.analystId,
      name: nameOf(entry.analystId),
      rank: entry.rank,
      successRate: entry.successRate,
      outperformRate: entry.outperformRate,
      decided: entry.decided,
    })),
    summary,
  };
}
