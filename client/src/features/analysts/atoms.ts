import { atom } from '../../app/store';

/** What the analyst details dialog needs to ask for and title itself. */
export interface AnalystDetailsRequest {
  alertId: number;
  analyst: string;
  symbol: string;
  /** The alert's sector, for the title until the answer names it. */
  sector: string | null;
  /** The analyst's grade in the sector (1 to 7) as the alert carried it. */
  grade: number | null;
}

/** The analyst whose details dialog is open (spec 000 §2 "Analyst details dialog"); null when closed. */
export const analystDetailsAtom = atom<AnalystDetailsRequest | null>(null);
