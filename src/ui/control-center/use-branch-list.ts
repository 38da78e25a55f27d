/**
 * The branch list (GET /api/cc/branches), fetched once per page and shared by the branch switcher
 * and the branches screen. Undefined until it arrives (and on the server); an Error if it failed.
 */
import { useEffect, useState } from 'react';
import { CC_BRANCH_LIST, type BranchListResponse } from '../../core/contract/cc-branches.ts';
import { callControlCenter } from './api-client.ts';

let request: Promise<BranchListResponse> | undefined;

/** The branch list, or undefined while loading, or the Error that stopped it. */
export function useBranchList(): BranchListResponse | Error | undefined {
  const [list, setList] = useState<BranchListResponse | Error | undefined>(undefined);
  useEffect(() => {
    let live = true;
    request ??= callControlCenter(CC_BRANCH_LIST);
    request.then(
      (answer) => live && setList(answer),
      (error: unknown) => {
        request = undefined; // The next screen may try again.
        if (live) setList(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return list;
}
