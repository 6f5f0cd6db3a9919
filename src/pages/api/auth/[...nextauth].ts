import type { NextApiRequest, NextApiResponse } from 'next';
import NextAuth from 'next-auth';
import { getAuthOptions } from '~/server/auth/options';

export default function auth(req: NextApiRequest, res: NextApiResponse) {
  return NextAuth(req, res, getAuthOptions());
}
