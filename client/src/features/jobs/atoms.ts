import { atomWithObservable } from '../../app/store';
import { jobUpdates$, noJobUpdates } from '../../realtime/streams';

/** The user's jobs' progress and ends pushed this session, by job id (style.md habit 8). */
export const jobUpdatesAtom = atomWithObservable(() => jobUpdates$, { initialValue: noJobUpdates });
