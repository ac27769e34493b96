import type { NextConfig } from 'next';

/**
 * Security headers that never vary per request live here; the CSP (it carries a per-request nonce) and HSTS
 * (only over https) are set by src/proxy.ts.
 */
const nextConfig: NextConfig = {
  // The e2e harness serves a private copy of the build, so a rebuild elsewhere cannot change it under a test run.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  trailingSlash: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // Loaded from node_modules rather than bundled: one copy of the metrics library however many bundles use it.
  serverExternalPackages: ['prom-client'],
  experimental: {
    // The stylesheets (about 8 KB compressed) travel inside the HTML instead of as render-blocking requests:
    // on a phone's first visit the page paints one round trip sooner.
    inlineCss: true,
    // Inlined, a stylesheet costs no request, so each page carries only the CSS its own components use. The
    // default chunking merged the CSS of most pages into the layout's, which (inlined, and repeated twice in the
    // page's RSC payload) made every page's HTML 200-300 KB (docs/phone.md, "Speed").
    cssChunking: { type: 'graph', requestCost: 0 },
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default nextConfig;
