import { z } from 'zod';
import { buildUpstreamApp } from './http-app';
import { Simulator } from './simulator/simulator';

/** `npm run upstream`: the simulated market as an HTTP server on port 8090 (UPSTREAM_PORT). */
const env = z
  .object({
    UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
    HOST: z.string().default('0.0.0.0'),
    SIM_SEED: z.coerce.number().int().default(42),
    SIM_SPEED: z.coerce.number().positive().default(1),
    SIM_CONTROL: z.enum(['0', '1']).default('0'),
    NODE_ENV: z.string().default('development'),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(
    `Invalid configuration:\n${env.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
  );
  process.exit(2);
}
const { UPSTREAM_PORT, HOST, SIM_SEED, SIM_SPEED, SIM_CONTROL, NODE_ENV } = env.data;
if (SIM_CONTROL === '1' && NODE_ENV === 'production') {
  console.error('SIM_CONTROL=1 is refused when NODE_ENV=production.');
  process.exit(2);
}

const simulator = new Simulator({ seed: SIM_SEED, speed: SIM_SPEED });
const app = await buildUpstreamApp(simulator, { control: SIM_CONTROL === '1' });
const close = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ host: HOST, port: UPSTREAM_PORT });
