import { router } from '~/server/trpc/init';
import { balance } from './balance';
import { estimate } from './estimate';
import { history } from './history';

export const creditsRouter = router({ balance, history, estimate });
