import { useState, type FormEvent } from 'react';

/**
 * A dialog form's save, written once: nothing while `enabled` is false; else busy while `run` works,
 * and its problem shown — what `run` answers (a refusal in a 200 answer) or `failure(error)` when the
 * call fails.
 */
export function useSubmit(
  enabled: boolean,
  run: () => Promise<string | void>,
  failure: (error: unknown) => string,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    setBusy(true);
    setProblem(null);
    run()
      .then((refusal) => {
        if (typeof refusal === 'string') setProblem(refusal);
      })
      .catch((error: unknown) => setProblem(failure(error)))
      .finally(() => setBusy(false));
  };
  return { busy, problem, onSubmit };
}
