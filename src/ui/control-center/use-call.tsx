/**
 * Runs one control-center API call after hydration and keeps its answer: undefined while it runs
 * (and on the server), the answer, or the {@link ControlCenterApiError} that refused it.
 */
import { useEffect, useRef, useState } from 'react';
import { ControlCenterApiError } from './api-client.ts';
import { ProblemsAlert } from './ProblemsAlert.tsx';

/** The state of a call made with {@link useCall}. */
export type CallState<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed'; error: Error };

/**
 * Calls `run` whenever `key` changes (the key names the call: its endpoint and inputs); a newer
 * call's answer replaces an older one's, and until it arrives the state is loading.
 */
export function useCall<T>(key: string, run: () => Promise<T>): CallState<T> {
  const [answer, setAnswer] = useState<{ key: string; state: CallState<T> } | undefined>(undefined);
  // The latest `run`, read when the key changes: a fresh closure each render must not re-run the call.
  const latestRun = useRef(run);
  useEffect(() => {
    latestRun.current = run;
  });
  useEffect(() => {
    let live = true;
    latestRun.current().then(
      (value) => live && setAnswer({ key, state: { status: 'done', value } }),
      (error: unknown) => live && setAnswer({ key, state: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  // An answer to an earlier call is not this call's.
  return answer?.key === key ? answer.state : { status: 'loading' };
}

/** A failed call, said in one line with the server's problems. */
export function CallFailure({ error }: { error: Error }) {
  const problems = error instanceof ControlCenterApiError ? error.problems : [];
  return <ProblemsAlert intro={error.message} problems={problems} />;
}
