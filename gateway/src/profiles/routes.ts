import {
  addSectorBodySchema,
  addSectorResponseSchema,
  deleteScreenerBodySchema,
  deleteScreenerResponseSchema,
  previewBodySchema,
  previewResponseSchema,
  profileDataQuerySchema,
  profileDataResponseSchema,
  profilesApi,
  queueBodySchema,
  queueResponseSchema,
  rooms,
  saveScreenerBodySchema,
  saveScreenerResponseSchema,
  screenedSymbolsBodySchema,
  screenedSymbolsResponseSchema,
} from '@insight/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../platform/session';
import { profileRatingFilter, ProfilesService, rebuildJobKind, type RebuildJobParams } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfilesService;
  }
}

/**
 * Investment profiles (issue 19; spec 000 §7 profile calls): for profile-type accounts (their own
 * profile) and admins (any but Default). Saving queues the profile's rebuild on the job runner; its
 * progress goes to the profile's editors as `profile:rebuild`; once done the profile's alerts follow
 * its new teams and its watchers get a fresh snapshot.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const clock = () => {
    const at = app.ingestor.marketStatus()?.at;
    return at ? new Date(at) : new Date();
  };
  const service: ProfilesService = new ProfilesService(app.db, {
    enqueue: (ownerId, params) => app.jobs.enqueue<RebuildJobParams>(rebuildJobKind, ownerId, params),
    facts: () => app.scanner.cache.facts(app.db, () => {}),
    async publishRebuild(ownerId, requestedBy, event) {
      if (!app.hasDecorator('realtime')) return;
      const editors = new Set([...(await service.repo.adminIds()), requestedBy]);
      if (ownerId !== null) editors.add(ownerId);
      app.realtime.publish([...editors].map(rooms.user), 'profile:rebuild', event);
    },
    async alertsRebuilt(profileId) {
      app.alerts.invalidate(profileId);
      await app.alerts.evaluate();
      app.alerts.invalidate(profileId);
      if (app.hasDecorator('realtime')) {
        app.realtime.tellPeers('alerts:changed', [profileId]);
        app.realtime.resendSnapshots(profileId);
      }
    },
    now: clock,
    log: app.log.child({ module: 'profiles' }),
  });
  app.decorate('profiles', service);

  // The feed follows the profile: its alerts are the ratings its built sectors follow.
  app.alerts.profileScope = {
    profiles: () => service.repo.builtProfileIds(),
    ratingFilter: profileRatingFilter,
  };

  // A new profile appears in the admins' profile selectors without a reload.
  app.accounts.onProfileCreated = (profile) => {
    if (!app.hasDecorator('realtime')) return;
    service.repo
      .adminIds()
      .then((ids) => app.realtime.publish(ids.map(rooms.user), 'profile:created', { profile }))
      .catch((error: unknown) => app.log.warn({ err: error }, 'profile:created push failed'));
  };

  app.jobs.define<RebuildJobParams>(
    rebuildJobKind,
    async (ctx) => ({
      result: await service.runRebuild(
        ctx.jobId,
        ctx.params,
        (done, total) => ctx.progress({ done, total, phase: 'Building an analyst team' }),
        ctx.signal,
      ),
    }),
    { perUserLimit: 2 },
  );

  app.get(
    profilesApi.data,
    {
      config: { access: 'investmentProfile.edit', effect: 'read' },
      schema: {
        querystring: profileDataQuerySchema,
        response: { 200: profileDataResponseSchema, ...refusals },
      },
    },
    async (request) => service.data(requireSession(request), request.query.profile_id),
  );

  app.post(
    profilesApi.addSector,
    {
      config: { access: 'investmentProfile.edit', effect: 'write' },
      schema: { body: addSectorBodySchema, response: { 200: addSectorResponseSchema, ...refusals } },
    },
    async (request) => service.addSector(requireSession(request), request.body),
  );

  app.post(
    profilesApi.saveScreener,
    {
      config: { access: 'investmentProfile.edit', effect: 'write' },
      schema: { body: saveScreenerBodySchema, response: { 200: saveScreenerResponseSchema, ...refusals } },
    },
    async (request) => service.saveScreener(requireSession(request), request.body),
  );

  app.post(
    profilesApi.deleteScreener,
    {
      config: { access: 'investmentProfile.edit', effect: 'write' },
      schema: {
        body: deleteScreenerBodySchema,
        response: { 200: deleteScreenerResponseSchema, ...refusals },
      },
    },
    async (request) => service.deleteScreener(requireSession(request), request.body),
  );

  app.post(
    profilesApi.screenedSymbols,
    {
      config: { access: 'investmentProfile.edit', effect: 'write' },
      schema: {
        body: screenedSymbolsBodySchema,
        response: { 200: screenedSymbolsResponseSchema, ...refusals },
      },
    },
    async (request) => service.screened(requireSession(request), request.body),
  );

  app.post(
    profilesApi.queue,
    {
      config: { access: 'investmentProfile.edit', effect: 'write' },
      schema: { body: queueBodySchema, response: { 200: queueResponseSchema, ...refusals } },
    },
    async (request) => service.queue(requireSession(request), request.body),
  );

  app.post(
    profilesApi.preview,
    {
      config: { access: 'investmentProfile.edit', effect: 'write' },
      schema: { body: previewBodySchema, response: { 200: previewResponseSchema, ...refusals } },
    },
    async (request) => service.preview(requireSession(request), request.body),
  );
};

export const profilesRoutes = fp(routes, {
  name: 'profiles',
  dependencies: ['db', 'jobs', 'alerts', 'accounts', 'scanner'],
});
