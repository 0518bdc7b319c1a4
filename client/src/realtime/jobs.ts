import type { JobDoneEvent, JobProgressEvent } from '@insight/shared';
import type { Observable } from 'rxjs';
import { map, merge, scan, startWith } from 'rxjs';
import { on$, type AppSocket } from './listen';

/** What the socket told of each of the user's jobs this session: its latest progress, and its end. */
export interface JobUpdate {
  progress?: JobProgressEvent;
  done?: JobDoneEvent;
}
export type JobUpdates = Readonly<Record<string, JobUpdate>>;
export const noJobUpdates: JobUpdates = Object.freeze({});

/** 'job:progress' and 'job:done' pushes (to the user's room), gathered by job id. */
export function jobUpdatesOf(socket: AppSocket): Observable<JobUpdates> {
  const progress$ = on$(socket, 'job:progress').pipe(map((progress) => ({ progress })));
  const done$ = on$(socket, 'job:done').pipe(map((done) => ({ done })));
  return merge(progress$, done$).pipe(
    scan<JobUpdate, JobUpdates>((updates, update) => {
      const jobId = update.progress?.jobId ?? update.done!.jobId;
      return { ...updates, [jobId]: { ...updates[jobId], ...update } };
    }, noJobUpdates),
    startWith(noJobUpdates),
  );
}
