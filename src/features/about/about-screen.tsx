// /about: what the app is, and where its catalogue comes from (the Hot Wheels Fandom wiki,
// CC BY-SA 3.0), said as the licence asks.
import { Link } from 'wouter';
import { ScreenHeader } from '../../ui/screen-header';
import './about.css';

export function AboutScreen() {
  return (
    <>
      <ScreenHeader title="About" back="/home" />
      <main className="app-main about">
        <section className="card" aria-labelledby="about-app">
          <h2 id="about-app">Diecast Garage</h2>
          <p>
            Your die-cast collection on your phone: every car and set you own, your wishlist and
            trade stock, at the fair with no signal. Changes made offline reach your account once
            you are back online.
          </p>
        </section>
        <section className="card" aria-labelledby="about-catalogue">
          <h2 id="about-catalogue">The catalogue</h2>
          <p>
            The Hot Wheels catalogue (11,948 records, 1995–2025) is compiled from the{' '}
            <a href="https://hotwheels.fandom.com" rel="noreferrer" target="_blank">
              Hot Wheels Fandom wiki
            </a>
            , by its contributors, and shared under the{' '}
            <a
              href="https://creativecommons.org/licenses/by-sa/3.0/"
              rel="license noreferrer"
              target="_blank"
            >
              Creative Commons Attribution-ShareAlike 3.0
            </a>{' '}
            licence (CC BY-SA 3.0). The records are used as the wiki has them; the app only
            normalises their spelling and order. Photos are the wiki&apos;s and keep their own
            licences.
          </p>
          <p className="muted">
            Hot Wheels and Matchbox are trademarks of Mattel, Inc. Diecast Garage is not affiliated
            with or endorsed by Mattel.
          </p>
        </section>
        <p>
          <Link href="/check">Quick check a car</Link>
        </p>
      </main>
    </>
  );
}
