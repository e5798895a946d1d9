// /profile/edit: avatar (a photo kept on the device and uploaded before the change), bio with its
// count, and a username change checked as it is typed. Saving queues one 'profile/update' in the
// outbox, so it works offline and shows at once on my profile as pending.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../auth/use-auth';
import { showError } from '../../errors/show-error';
import {
  BIO_MAX,
  PROFILE_UPDATE,
  bioLength,
  type ProfileUpdateArgs,
  type ProfileView,
  type UserSearchView,
} from '../../shared/community/profile-schemas';
import { queueCommunityChange } from '../../sync/community-actions';
import { queuePhoto } from '../../sync/photo-uploads';
import { useCommunityQuery } from '../../data/use-community-query';
import { Avatar } from '../../ui/avatar';
import { checkUsername, suggestUsername, takenMessage } from '../auth';
import { useKeptPhotoUrls } from '../../data/use-kept-photos';
import { OfflineNote, ScreenMessage } from './profile-parts';
import { ProfileHeader } from './profile-header';
import { getLive, profileHref, profilePath, userSearchPath } from './profile-api';
import { useDebounced } from './use-debounced';
import { useOnline } from '../../data/use-online';
import { usePendingProfile, type PendingProfile } from './use-pending-profile';
import './profiles.css';

export function EditProfileScreen() {
  const me = useAuth().user?.uid ?? null;
  const query = useCommunityQuery<ProfileView>(me ? profilePath(me) : null);
  const pending = usePendingProfile(me);
  if (!me || query.status === 'loading') {
    return (
      <>
        <ProfileHeader title="Edit profile" />
        <ScreenMessage status>Loading profile…</ScreenMessage>
      </>
    );
  }
  if (query.status === 'error') {
    return (
      <>
        <ProfileHeader title="Edit profile" back={profileHref(me)} />
        <ScreenMessage
          title="Your profile can't be opened"
          actions={
            <button type="button" onClick={query.reload}>
              Try again
            </button>
          }
        >
          {query.error.message}
        </ScreenMessage>
      </>
    );
  }
  return (
    <>
      <ProfileHeader title="Edit profile" back={profileHref(me)} />
      <main className="app-main pf-main">
        {query.fromDevice && <OfflineNote />}
        <EditProfileForm me={me} profile={query.data} pending={pending} />
      </main>
    </>
  );
}

type Availability =
  | { state: 'unchecked' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken'; suggestion: string }
  | { state: 'offline' };

/** Whether `username` is free, asked of the server while typing (offline: saved and checked later). */
function useUsernameAvailability(me: string, original: string, username: string): Availability {
  const online = useOnline();
  const typed = useDebounced(username.trim(), 350);
  const [answer, setAnswer] = useState<{ name: string; result: Availability } | null>(null);
  const checkable =
    checkUsername(typed).ok && typed.toLowerCase() !== original.toLowerCase() && online;
  useEffect(() => {
    if (!checkable) return;
    const controller = new AbortController();
    getLive<UserSearchView>(userSearchPath(typed), controller.signal).then(
      (found) => {
        const holder = found.users.find(
          (user) => user.username?.toLowerCase() === typed.toLowerCase() && user.userId !== me,
        );
        setAnswer({
          name: typed,
          result: holder
            ? { state: 'taken', suggestion: suggestUsername(typed) }
            : { state: 'available' },
        });
      },
      () => {
        if (!controller.signal.aborted) setAnswer({ name: typed, result: { state: 'offline' } });
      },
    );
    return () => controller.abort();
  }, [checkable, typed, me]);
  if (username.trim().toLowerCase() === original.toLowerCase()) return { state: 'unchecked' };
  if (!online) return { state: 'offline' };
  if (!checkUsername(username).ok) return { state: 'unchecked' };
  if (typed !== username.trim() || answer?.name !== typed) return { state: 'checking' };
  return answer.result;
}

function EditProfileForm({
  me,
  profile,
  pending,
}: {
  me: string;
  profile: ProfileView;
  pending: PendingProfile | null;
}) {
  const id = useId();
  const [, navigate] = useLocation();
  const original = {
    username: pending?.username ?? profile.username,
    bio: pending?.bio ?? profile.bio,
  };
  const [username, setUsername] = useState(original.username);
  const [bio, setBio] = useState(original.bio);
  /** undefined: unchanged; null: remove; else the newly picked photo. */
  const [avatar, setAvatar] = useState<{ photoId: string; previewUrl: string } | null | undefined>(
    undefined,
  );
  const [errors, setErrors] = useState<{ username?: string; bio?: string; avatar?: string }>({});
  const [saving, setSaving] = useState(false);
  const availability = useUsernameAvailability(me, profile.username, username);
  const pendingAvatarId = pending?.avatarPhotoId ?? null;
  const keptAvatar = useKeptPhotoUrls(pendingAvatarId ? [pendingAvatarId] : []);

  let shownAvatar: string | null = profile.avatarUrl;
  if (pending?.avatarPhotoId === null) shownAvatar = null;
  else if (pendingAvatarId) shownAvatar = keptAvatar.get(pendingAvatarId) ?? shownAvatar;
  if (avatar === null) shownAvatar = null;
  else if (avatar) shownAvatar = avatar.previewUrl;

  const bioCount = bioLength(bio.trim());
  const bioOver = bioCount > BIO_MAX;

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    setErrors((all) => ({ ...all, avatar: undefined }));
    try {
      setAvatar(await queuePhoto(file));
    } catch (error) {
      setErrors((all) => ({
        ...all,
        avatar: error instanceof Error ? error.message : 'That photo could not be used.',
      }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const checked = checkUsername(username);
    if (!checked.ok) next.username = checked.message;
    else if (availability.state === 'taken') next.username = takenMessage(availability.suggestion);
    if (bioOver) next.bio = `Keep it to ${BIO_MAX} characters (${bioCount - BIO_MAX} too many).`;
    setErrors(next);
    if (next.username || next.bio) {
      document.getElementById(next.username ? `${id}-username` : `${id}-bio`)?.focus();
      return;
    }
    const args: ProfileUpdateArgs = {};
    if (checked.ok && checked.username !== original.username) args.username = checked.username;
    if (bio.trim() !== original.bio.trim()) args.bio = bio.trim();
    if (avatar !== undefined) args.avatarPhotoId = avatar?.photoId ?? null;
    if (Object.keys(args).length === 0) {
      navigate(profileHref(me));
      return;
    }
    setSaving(true);
    try {
      await queueCommunityChange(PROFILE_UPDATE, args);
      navigate(profileHref(me));
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  };

  const usernameHint =
    availability.state === 'checking'
      ? 'Checking…'
      : availability.state === 'available'
        ? `${username.trim()} is free.`
        : availability.state === 'offline' &&
            username.trim().toLowerCase() !== original.username.toLowerCase()
          ? 'Offline: checked when it syncs.'
          : '';
  const usernameError =
    errors.username ??
    (availability.state === 'taken' ? takenMessage(availability.suggestion) : undefined);

  return (
    <form className="card pf-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="pf-field pf-avatar-field">
        <legend>Avatar</legend>
        <div className="pf-avatar-picker">
          <Avatar username={username || profile.username} avatarUrl={shownAvatar} size={88} />
          <div className="pf-avatar-picker__actions">
            <input
              id={`${id}-photo`}
              className="pf-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`${id}-photo-hint${errors.avatar ? ` ${id}-photo-error` : ''}`}
              onChange={(event) => void pickPhoto(event.target.files?.[0])}
            />
            <label htmlFor={`${id}-photo`} className="pill-link pf-file-label">
              {shownAvatar ? 'Change photo' : 'Choose a photo'}
            </label>
            {shownAvatar && (
              <button type="button" onClick={() => setAvatar(null)}>
                Remove photo
              </button>
            )}
          </div>
        </div>
        <p className="pf-hint" id={`${id}-photo-hint`}>
          JPEG, PNG or WebP, up to 5 MB.
        </p>
        {errors.avatar && (
          <p className="field-error" id={`${id}-photo-error`} role="alert">
            {errors.avatar}
          </p>
        )}
      </fieldset>

      <div className="pf-field">
        <label htmlFor={`${id}-username`}>Username</label>
        <input
          id={`${id}-username`}
          value={username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={`${id}-username-hint ${id}-username-status`}
          onChange={(event) => {
            setUsername(event.target.value);
            setErrors((all) => ({ ...all, username: undefined }));
          }}
        />
        <p className="pf-hint" id={`${id}-username-hint`}>
          3–20 letters, numbers or _. Others see it on posts and the leaderboard.
        </p>
        <div id={`${id}-username-status`} aria-live="polite">
          {usernameError ? (
            <p className="field-error">
              {usernameError}{' '}
              {availability.state === 'taken' && (
                <button
                  type="button"
                  className="pf-inline-button"
                  onClick={() => setUsername(availability.suggestion)}
                >
                  Use {availability.suggestion}
                </button>
              )}
            </p>
          ) : (
            usernameHint && <p className="pf-hint pf-hint--status">{usernameHint}</p>
          )}
        </div>
      </div>

      <div className="pf-field">
        <label htmlFor={`${id}-bio`}>Bio</label>
        <textarea
          id={`${id}-bio`}
          value={bio}
          rows={4}
          placeholder="What do you hunt for? Redlines, JDM, Treasure Hunts…"
          aria-invalid={bioOver ? true : undefined}
          aria-describedby={`${id}-bio-count${errors.bio ? ` ${id}-bio-error` : ''}`}
          onChange={(event) => {
            setBio(event.target.value);
            setErrors((all) => ({ ...all, bio: undefined }));
          }}
        />
        <p className={`pf-count${bioOver ? ' is-over' : ''}`} id={`${id}-bio-count`}>
          {bioCount} / {BIO_MAX}
        </p>
        {errors.bio && (
          <p className="field-error" id={`${id}-bio-error`} role="alert">
            {errors.bio}
          </p>
        )}
      </div>

      <div className="pf-form__actions">
        <Link href={profileHref(me)} className="pill-link">
          Cancel
        </Link>
        <button type="submit" className="primary" disabled={saving}>
          Save
        </button>
      </div>
    </form>
  );
}
