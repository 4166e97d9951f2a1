import { notFound } from 'next/navigation';
import { AppError } from '@/server/errors';

/**
 * What a read of one record answers, or the 404 page when it answers `not_found`: an id that does
 * not exist and another customer's id look the same (ownership is in the read's query). Any other
 * error is thrown on.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
}
