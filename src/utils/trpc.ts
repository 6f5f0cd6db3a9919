/** The typed tRPC hooks. Components call these; nobody writes a fetcher. */
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '~/server/trpc/root';

export const trpc = createTRPCReact<AppRouter>();
