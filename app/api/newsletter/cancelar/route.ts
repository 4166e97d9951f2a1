import { NextResponse, type NextRequest } from 'next/server';
import { handleApiError } from '@/server/api/errors';
import { serverTranslator } from '@/server/mail/i18n';
import { unsubscribeFromNewsletter } from '@/server/newsletter/subscriptions';

export const dynamic = 'force-dynamic';

/**
 * POST /api/newsletter/cancelar?token=… : the one-click unsubscribe (RFC 8058) that mail clients
 * call from the List-Unsubscribe header of newsletter mails. People use /newsletter/cancelar.
 */
export async function POST(request: NextRequest) {
  const t = serverTranslator('Newsletter.unsubscribe');
  try {
    const outcome = await unsubscribeFromNewsletter(request.nextUrl.searchParams.get('token'));
    if (outcome === 'invalid') {
      return NextResponse.json(
        { success: false, message: t('invalidText') },
        { status: 404, headers: { 'Cache-Control': 'no-store' } },
      );
    }
    return NextResponse.json(
      { success: true, message: t('doneText') },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (err) {
    return handleApiError(err);
  }
}
