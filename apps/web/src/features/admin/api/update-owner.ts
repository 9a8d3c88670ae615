import { type QueryClient, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { OwnersAnswer } from './get-owners.ts';
import type { AdminClient } from './normalize.ts';

type OwnerFlags = Pick<AdminClient, 'ClientId' | 'IsActive' | 'IsVerified'>;

export async function updateOwner(owner: OwnerFlags) {
  const answer = await apiCall('updateOwner', {
    body: { ClientId: owner.ClientId, IsActive: owner.IsActive, IsVerified: owner.IsVerified },
    quiet: true,
  });
  return answer.data;
}

/** Writes an owner's flags into every cached page of owners (Manage Clients, the overview's recent ones). */
function writeFlags(queryClient: QueryClient, flags: OwnerFlags) {
  queryClient.setQueriesData<OwnersAnswer>({ queryKey: [...queryKeys.owners.all, 'list'] }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((c) =>
            c.ClientId === flags.ClientId
              ? { ...c, IsActive: flags.IsActive, IsVerified: flags.IsVerified }
              : c,
          ),
        }
      : page,
  );
}

const updateOwnerKey = [...queryKeys.owners.all, 'update'] as const;

/**
 * Active and verified, changed at once in every list showing the owner and put back if the server refuses
 * (spec §4). The pages take the server's answer rather than asking again; the overview's figures ask again.
 */
export function useUpdateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateOwnerKey,
    mutationFn: (change: OwnerFlags & { before: OwnerFlags }) => updateOwner(change),
    onMutate: async (change) => {
      // A page arriving now would undo the change on screen.
      await queryClient.cancelQueries({ queryKey: [...queryKeys.owners.all, 'list'] });
      writeFlags(queryClient, change);
    },
    onError: (_error, change) => writeFlags(queryClient, change.before),
    onSuccess: (saved, change) =>
      writeFlags(queryClient, {
        ClientId: change.ClientId,
        IsActive: saved.IsActive,
        IsVerified: saved.IsVerified,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.owners.stats });
      // A page cancelled by onMutate before its first answer (a search typed just before) would otherwise stay
      // loading for good: it is asked for again, now that the change is stored.
      void queryClient.invalidateQueries({
        queryKey: [...queryKeys.owners.all, 'list'],
        predicate: (query) => query.state.data === undefined,
      });
    },
  });
}

/** The owners whose change is on its way ('Updating...' on their row). */
export function useOwnersUpdating(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: updateOwnerKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as OwnerFlags | undefined)?.ClientId,
  });
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
