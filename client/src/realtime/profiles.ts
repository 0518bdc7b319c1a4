import type { ProfileCreatedEvent, ProfileRebuildEvent, User } from '@insight/shared';
import type { Observable } from 'rxjs';
import { map, scan, startWith } from 'rxjs';
import { on$, type AppSocket } from './listen';

/**
 * The latest 'profile:rebuild' push of each profile this session, by profile id, each with the
 * session-wide order it arrived in (`seq`), so a screen can tell a push that came after its own
 * request from one that came before.
 */
export type ProfileRebuilds = Readonly<Record<number, ProfileRebuildEvent & { seq: number }>>;
export const noProfileRebuilds: ProfileRebuilds = Object.freeze({});

interface Heard {
  seq: number;
  rebuilds: ProfileRebuilds;
}

/** One more push heard: it becomes its profile's latest, numbered after every push before it. */
export function nextProfileRebuilds({ seq, rebuilds }: Heard, event: ProfileRebuildEvent): Heard {
  return { seq: seq + 1, rebuilds: { ...rebuilds, [event.profileId]: { ...event, seq: seq + 1 } } };
}

export function profileRebuildsOf(socket: AppSocket): Observable<ProfileRebuilds> {
  return on$(socket, 'profile:rebuild').pipe(
    scan(nextProfileRebuilds, { seq: 0, rebuilds: noProfileRebuilds }),
    map(({ rebuilds }) => rebuilds),
    startWith(noProfileRebuilds),
  );
}

/** 'profile:created' pushes (admins' user rooms): a profile to add to the profile selector. */
export function createdProfilesOf(socket: AppSocket): Observable<ProfileCreatedEvent['profile']> {
  return on$(socket, 'profile:created').pipe(map((event) => event.profile));
}

/** `user` with `profile` among its available profiles (the same user when it already is). */
export function withAvailableProfile(user: User, profile: ProfileCreatedEvent['profile']): User {
  if (user.available_profiles.some((each) => each.id === profile.id)) return user;
  return { ...user, available_profiles: [...user.available_profiles, profile] };
}
