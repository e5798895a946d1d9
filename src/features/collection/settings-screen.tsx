// /settings: preferences through users/update-settings (applied at once, reverted with the toast
// if the server refuses), CSV and JSON exports, and signing out with a word about unsynced changes.
import {
  isWishlistPublic,
  WISHLIST_PUBLIC_EXPLAINED,
  WISHLIST_PUBLIC_SETTING,
} from '../../shared/community/market-schemas';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import { signOutOfThisDevice } from '../account';
import { useAuth } from '../../auth/use-auth';
import { exportJsonOnDevice, exportRowsOnDevice } from '../../data/device-reads';
import { useProfile } from '../../data/use-collection';
import {
  collectionSettings,
  CURRENCIES,
  SETTING_KEYS,
  type CollectionSettings,
} from '../../db/collection-settings';
import { toCsv } from '../../db/collection-export';
import { showError } from '../../errors/show-error';
import { CONDITIONS, GRADES } from '../../shared/collection/types';
import { changeCollection } from '../../sync/collection-actions';
import { useSyncStatus } from '../../data/use-sync-status';
import { ScreenHeader } from '../../ui/screen-header';
import { NotificationsSection } from '../push';
import { formatCount, ScreenBody, SyncLine } from './collection-parts';
import { UnsentChangesSection } from '../sync-status';
import { ReadyForOffline } from '../offline-photos';

const CURRENCY_NAMES: Record<(typeof CURRENCIES)[number], string> = {
  USD: 'US dollar ($)',
  EUR: 'Euro (€)',
  GBP: 'Pound sterling (£)',
  CAD: 'Canadian dollar (CA$)',
  AUD: 'Australian dollar (A$)',
  JPY: 'Japanese yen (¥)',
  MXN: 'Mexican peso (MX$)',
  BRL: 'Brazilian real (R$)',
};

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Hands a file to the browser's downloads (a Blob behind a temporary link). */
function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function SettingSelect({
  label,
  hint,
  name,
  value,
  options,
}: {
  label: string;
  hint: string;
  name: keyof CollectionSettings;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = `setting-${name}`;
  const change = (next: string) => {
    changeCollection('users/update-settings', { key: SETTING_KEYS[name], value: next }).catch(
      showError,
    );
  };
  return (
    <div className="cl-setting">
      <label htmlFor={id}>{label}</label>
      <p className="cl-setting__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => change(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="cl-settings card" aria-labelledby={id}>
      <h2 id={id} className="cl-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function SettingsScreen() {
  const auth = useAuth();
  const userId = auth.user?.uid ?? null;
  const profile = useProfile(userId);
  const settings = collectionSettings(profile?.settings);
  const { pending } = useSyncStatus(userId);
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);

  const exportAs = async (kind: 'csv' | 'json') => {
    if (!userId) return;
    setExporting(kind);
    try {
      if (kind === 'csv') {
        const rows = await exportRowsOnDevice(userId);
        // The byte order mark lets spreadsheet apps read accents and ¥ € £ correctly.
        download(
          `diecast-garage-collection-${today()}.csv`,
          'text/csv;charset=utf-8',
          `\ufeff${toCsv(rows)}`,
        );
        toast.success(`Exported ${formatCount(rows.length)} cars as CSV`, { id: 'export' });
      } else {
        const data = await exportJsonOnDevice(userId);
        download(
          `diecast-garage-collection-${today()}.json`,
          'application/json',
          `${JSON.stringify(data, null, 2)}\n`,
        );
        toast.success('Exported your collection as JSON', { id: 'export' });
      }
    } catch (error) {
      showError(error);
    } finally {
      setExporting(null);
    }
  };

  const doSignOut = () => {
    signOutOfThisDevice()
      .then(() => navigate('/home', { replace: true }))
      .catch(showError);
  };

  const warning = `${pending} ${pending === 1 ? 'change has' : 'changes have'} not reached the server yet. They stay on this device and sync when you sign in again. Sign out?`;

  return (
    <>
      <ScreenHeader title="Settings" back="/collection" />
      <ScreenBody label="Settings">
        {userId && <UnsentChangesSection userId={userId} />}
        <Section title="Adding cars">
          <SettingSelect
            name="defaultCondition"
            label="Default condition"
            hint="What a car you add is marked as, until you change it."
            value={settings.defaultCondition}
            options={CONDITIONS.map((c) => ({ value: c, label: capitalised(c) }))}
          />
          <SettingSelect
            name="defaultGrade"
            label="Default grade"
            hint="The grade a new car starts with."
            value={settings.defaultGrade}
            options={GRADES.map((g) => ({ value: g, label: g }))}
          />
        </Section>

        <Section title="Display">
          <SettingSelect
            name="currency"
            label="Currency"
            hint="How prices and money spent are shown. Amounts are not converted."
            value={settings.currency}
            options={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_NAMES[c] }))}
          />
        </Section>

        <Section title="Wishlist">
          <div className="cl-setting cl-setting--switch">
            <input
              id="setting-wishlist-public"
              type="checkbox"
              checked={isWishlistPublic(profile?.settings)}
              aria-describedby="setting-wishlist-public-hint"
              onChange={(event) =>
                changeCollection('users/update-settings', {
                  key: WISHLIST_PUBLIC_SETTING,
                  value: event.target.checked,
                }).catch(showError)
              }
            />
            <label htmlFor="setting-wishlist-public">Public wishlist</label>
            <p className="cl-setting__hint" id="setting-wishlist-public-hint">
              {WISHLIST_PUBLIC_EXPLAINED}
            </p>
          </div>
        </Section>

        {userId && <ReadyForOffline userId={userId} />}

        <NotificationsSection />

        <Section title="Import">
          <p className="cl-setting__hint">
            Bring cars in from a CSV file: one exported here, or your own spreadsheet.
          </p>
          <Link href="/settings/import" className="pill-link">
            Import a collection from CSV
          </Link>
        </Section>

        <Section title="Export">
          <p className="cl-setting__hint">
            A copy of your collection for a spreadsheet (CSV, one line per car) or a backup (JSON,
            everything).
          </p>
          <div className="cl-actions">
            <button
              type="button"
              disabled={exporting !== null}
              onClick={() => void exportAs('csv')}
            >
              Export CSV
            </button>
            <button
              type="button"
              disabled={exporting !== null}
              onClick={() => void exportAs('json')}
            >
              Export JSON
            </button>
          </div>
        </Section>

        <Section title="Account">
          <dl className="cl-account">
            {profile?.username && (
              <>
                <dt>Username</dt>
                <dd>{profile.username}</dd>
              </>
            )}
            {auth.user?.email && (
              <>
                <dt>Email</dt>
                <dd>{auth.user.email}</dd>
              </>
            )}
            <dt>Sync</dt>
            <dd>
              <SyncLine userId={userId} />
            </dd>
          </dl>
          {confirming && pending > 0 ? (
            <div
              className="cl-confirm"
              role="alert"
              ref={(element) => element?.scrollIntoView({ block: 'nearest' })}
            >
              <p>{warning}</p>
              <div className="cl-actions">
                <button type="button" className="cl-danger" onClick={doSignOut}>
                  Sign out anyway
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Stay signed in
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="cl-signout"
              onClick={() => (pending > 0 ? setConfirming(true) : doSignOut())}
            >
              Sign out
            </button>
          )}
        </Section>

        <p className="cl-about-link">
          <Link href="/about">About Diecast Garage and its catalogue (CC BY-SA 3.0)</Link>
        </p>
      </ScreenBody>
    </>
  );
}
