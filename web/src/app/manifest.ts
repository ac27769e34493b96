import type { MetadataRoute } from 'next';
import { site } from '@/lib/site-config';

/** The web app manifest (/manifest.webmanifest): what a phone needs to install the shop (docs/phone.md). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: site.brand,
    short_name: 'Meadowvale',
    description: `${site.brand} trade ordering: dairy and chilled products for business customers.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: '#1f5c4a',
    lang: 'en-GB',
    categories: ['business', 'food', 'shopping'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: 'Usual items', url: '/account/usual/' },
      { name: 'Cart', url: '/cart/' },
      { name: 'Orders', url: '/account/orders/' },
    ],
  };
}
