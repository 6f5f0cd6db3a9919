/** The console's "more" under a paged list: shown while the server has a next page, busy while it loads. */
import { Button, Center } from '@mantine/core';

type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

export function MorePages({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Center>
      <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
        {label}
      </Button>
    </Center>
  );
}
