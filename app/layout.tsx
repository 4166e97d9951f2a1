import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import { NextIntlClientProvider } from 'next-intl';
import { HydrationMarker } from '@/components/layout/hydration-marker';
import { OfflineShell } from '@/components/pwa/offline-shell';
import { SoftNavigation } from '@/components/layout/soft-navigation';
import { ImageRetry } from '@/components/catalogue/image-retry';
import { ToasterSlot } from '@/components/ui/toaster-slot';
import { WebVitals } from '@/components/vitals/web-vitals';
import { getTranslations } from 'next-intl/server';
import { env, siteUrl } from '@/lib/env';
import { clientMessages } from '@/lib/i18n/client-messages';
import './globals.css';

/**
 * Inter (variable, Latin: Portuguese, €, dashes) from the @fontsource package, through next/font,
 * with a fallback whose metrics are adjusted to Inter's, so text does not move when the font
 * arrives (no layout shift).
 */
const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  // 'optional': the font is used when it arrives in time (a repeat visit has it cached), never
  // swapped in late, so the largest text is painted once. Not preloaded: a first visit paints at
  // once in the metric-matched fallback instead of waiting for 49 KB of font before the largest
  // text (about 0.2 s of LCP on a slow mobile link), and fetches Inter for the next pages.
  display: 'optional',
  preload: false,
  variable: '--font-inter',
  fallback: ['ui-sans-serif', 'system-ui', 'Segoe UI', 'Arial', 'sans-serif'],
});

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: t('title'), template: '%s' },
    description: t('description'),
    manifest: '/manifest.webmanifest',
    icons: { icon: [{ url: '/favicon.ico', sizes: '32x32' }, { url: '/icon.svg', type: 'image/svg+xml' }], apple: '/icons/apple-touch-icon.png' },
  };
}

export const viewport: Viewport = {
  colorScheme: 'light',
  // The manifest's colour (public/manifest.webmanifest): the browser bar of the installed shop.
  themeColor: '#0369a1',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-PT" className={`light ${inter.variable}`} style={{ colorScheme: 'light' }}>
      <body className="min-h-screen font-sans">
        {/* Only the namespaces client components use travel to the browser. */}
        <NextIntlClientProvider messages={clientMessages()}>
          {/* The worker in production builds only: `next dev` would fill its caches with development files. */}
          <OfflineShell enabled={env().NODE_ENV === 'production'} />
          {children}
          <ToasterSlot />
          <SoftNavigation />
          <HydrationMarker />
          <ImageRetry />
          <WebVitals />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
