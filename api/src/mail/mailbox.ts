import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailMessages } from '../db/schema';

export type StoredMail = typeof mailMessages.$inferSelect;

/** The demo mailbox, newest first, one page at a time. */
export async function mailPage(db: Db, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .select({ id: mailMessages.id, toAddress: mailMessages.toAddress, subject: mailMessages.subject, createdAt: mailMessages.createdAt })
      .from(mailMessages)
      .orderBy(desc(mailMessages.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ n: count() }).from(mailMessages),
  ]);
  return { rows, totalResults: Number(total[0]?.n ?? 0) };
}

export async function storedMail(db: Db, id: number): Promise<StoredMail | undefined> {
  const rows = await db.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
  return rows[0];
}
