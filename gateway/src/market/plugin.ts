import fp from 'fastify-plugin';
import type { Config } from '../config';
import { UpstreamClient } from '../upstream/client';
import { Simulator } from '../upstream/simulator/simulator';
import { httpSource, inProcessSource } from '../upstream/source';
import { Ingestor, type IngestEvents } from './ingest';
import { PollerLeadership } from './leader';

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
    ingestor: Ingestor;
    /** The in-process simulator; null when UPSTREAM_URL points elsewhere. */
    simulator: Simulator | null;
    /** Hooks later features set to hear of new facts the moment they are stored. */
    marketEvents: IngestEvents;
  }
}

/**
 * The upstream (the built-in simulator, or UPSTREAM_URL) and the ingestion that brings its facts into
 * the database. Ingestion starts once the server is ready and does not hold up the start.
 */
export const marketPlugin = fp(
  async (app, { config }: { config: Config }) => {
    const simulator = config.upstreamUrl
      ? null
      : new Simulator({ seed: config.sim.seed, speed: config.sim.speed });
    const source = simulator ? inProcessSource(simulator) : httpSource({ baseUrl: config.upstreamUrl! });
    const upstream = new UpstreamClient(source, app.log.child({ module: 'upstream' }));
    const events: IngestEvents = {};
    const ingestor = new Ingestor(app.db, upstream, app.log.child({ module: 'ingest' }), events);
    app.decorate('simulator', simulator);
    app.decorate('upstream', upstream);
    app.decorate('ingestor', ingestor);
    app.decorate('marketEvents', events);

    app.upstreamHealth = async () => {
      const state = source.state();
      const detail = [
        state.detail,
        `ingestion ${ingestor.isLeader() ? ingestor.phase : 'following (another node polls)'}`,
        ingestor.lastError ? `last error: ${ingestor.lastError}` : null,
      ]
        .filter(Boolean)
        .join('; ');
      // The connection decides; a feed that failed while it was down recovers at its next poll.
      return { kind: source.kind, ok: state.ok, detail };
    };

    // A node that does not ingest (ingestion switched off) serves what is stored: ready at once.
    // A backfill started by hand (tests, tools) is reported all the same, and after it in the same
    // units, so the progress the alerts step adds to it never goes back.
    const readiness = app.readiness;
    app.readiness = () => (config.ingest || ingestor.phase !== 'idle' ? ingestor.readiness() : readiness());

    // With the simulator in-process, a change made through its controls is polled at once.
    if (simulator) {
      simulator.onEvent((event) => {
        if (ingestor.phase !== 'live') return;
        void ingestor.run(event.type === 'rating' ? 'ratings' : event.type === 'quote' ? 'quotes' : 'status');
      });
    }

    // On PostgreSQL, one node polls: the holder of the database's poller lock (Redis plays no part,
    // so ingestion goes on while it is away). On PGlite the single process polls.
    const leadership =
      config.ingest && config.databaseUrl
        ? new PollerLeadership(
            config.databaseUrl,
            (leader) => (leader ? ingestor.lead() : ingestor.follow()),
            app.log.child({ module: 'ingest' }),
          )
        : null;
    if (config.ingest) {
      app.addHook('onReady', async () => {
        if (leadership) {
          ingestor.follow();
          await leadership.start();
        } else void ingestor.start();
      });
    }
    app.addHook('onClose', async () => {
      await leadership?.stop();
      await ingestor.stop();
    });
  },
  { name: 'market', dependencies: ['db', 'health'] },
);
