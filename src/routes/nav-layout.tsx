// The bottom navigation bar (docs/product.md): Home, Community, Trade, My Collection, and the
// quick check's button above it, one tap from every screen.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import './nav-layout.css';

const TABS = [
  { href: '/home', label: 'Home', icon: 'M3 11 12 4l9 7v9h-6v-6H9v6H3z' },
  {
    href: '/social',
    label: 'Community',
    icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5zm12 0c0-1.5-.5-2.8-1.4-3.8.9-.8 2-1.2 3.4-1.2 3 0 6 2 6 5z',
  },
  {
    href: '/trade',
    label: 'Trade',
    icon: 'M4 8h13l-3-3 1.4-1.4L21 9l-5.6 5.4L14 13l3-3H4zm16 8H7l3 3-1.4 1.4L3 15l5.6-5.4L10 11l-3 3h13z',
  },
  {
    href: '/collection',
    label: 'My Collection',
    // The collector's own screens live under this tab too.
    also: ['/stats', '/favorites', '/wishlist', '/settings'],
    icon: 'M4 6h16v3H4zm1 5h14v9H5zm4 2v2h6v-2z',
  },
] as const;

export function NavLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="nav-layout">
      <div className="nav-layout__content">{children}</div>
      <nav className="bottom-bar" aria-label="Main">
        {TABS.map((tab) => {
          const prefixes = [tab.href, ...('also' in tab ? tab.also : [])];
          const active = prefixes.some(
            (prefix) => location === prefix || location.startsWith(`${prefix}/`),
          );
          return (
            <Link
              key={tab.href}
              href={tab.href}
              className="bottom-bar__tab"
              aria-current={active ? 'page' : undefined}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={tab.icon} />
              </svg>
              <span>{tab.label}</span>
            </Link>
          );
        })}
      </nav>
      {location !== '/check' && (
        <Link href="/check" className="quick-check-fab" aria-label="Quick check: do I have it?">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm-.9 7.6L6.8 10.3l1.1-1.1 1.2 1.2 3-3 1.1 1.1z" />
          </svg>
          <span>Check</span>
        </Link>
      )}
    </div>
  );
}
