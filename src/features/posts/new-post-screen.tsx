// /posts/create and /profile/new-post: write a post (text with a live count), add up to four
// photos (checked and kept on the device, previews at once), tag cars and sets from my own
// collection, then 'Post': it is queued, so it works with no signal and shows as pending.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { showError } from '../../errors/show-error';
import {
  POST_BODY_MAX,
  POST_PHOTOS_MAX,
  type TaggedItemView,
} from '../../shared/community/post-schemas';
import { discardPhoto, queuePhoto, type QueuedPhoto } from '../../sync/photo-uploads';
import { ScreenHeader } from '../../ui/screen-header';
import { createPost } from './post-actions';
import { TagPicker } from './tag-picker';
import { TextCount } from './text-count';
import './posts.css';
import { formatCountEnUs } from '../../shared/text/locale-text';

function PhotoPicker({
  photos,
  onAdd,
  onRemove,
}: {
  photos: QueuedPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (photoId: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const full = photos.length >= POST_PHOTOS_MAX;
  return (
    <fieldset className="social-fieldset">
      <legend>Photos</legend>
      <p id={hintId} className="muted social-hint">
        Up to {POST_PHOTOS_MAX} JPEG, PNG or WebP photos, 5 MB each.
      </p>
      {photos.length > 0 && (
        <ul className="social-previews" aria-label="Photos to post">
          {photos.map((photo, index) => (
            <li key={photo.photoId}>
              <img src={photo.previewUrl} alt={`Photo ${index + 1} to post`} />
              <button
                type="button"
                className="social-previews__remove"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onRemove(photo.photoId)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputId}
        type="file"
        className="social-file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={full}
        aria-describedby={hintId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be picked again after a removal.
          event.target.value = '';
          onAdd(files);
        }}
      />
      <label
        htmlFor={inputId}
        className={`pill-link social-file-label${full ? ' is-disabled' : ''}`}
      >
        {full ? `${POST_PHOTOS_MAX} photos added` : 'Add photos'}
      </label>
    </fieldset>
  );
}

export function NewPostScreen() {
  const [, navigate] = useLocation();
  const bodyId = useId();
  const countId = useId();
  const errorId = useId();
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<QueuedPhoto[]>([]);
  const [tagged, setTagged] = useState<TaggedItemView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);

  // Photos picked but not posted are dropped from the device when the screen goes.
  const unposted = useRef<QueuedPhoto[]>([]);
  useEffect(() => {
    unposted.current = photos;
  }, [photos]);
  useEffect(
    () => () => {
      for (const photo of unposted.current) {
        URL.revokeObjectURL(photo.previewUrl);
        void discardPhoto(photo.photoId);
      }
    },
    [],
  );

  const addPhotos = async (files: File[]) => {
    const room = POST_PHOTOS_MAX - photos.length;
    if (files.length > room) {
      showError(new Error(`A post holds at most ${POST_PHOTOS_MAX} photos`));
    }
    for (const file of files.slice(0, Math.max(0, room))) {
      try {
        const queued = await queuePhoto(file);
        setPhotos((current) => [...current, queued]);
      } catch (failure) {
        showError(failure);
      }
    }
  };

  const removePhoto = (photoId: string) => {
    setPhotos((current) => {
      const photo = current.find((item) => item.photoId === photoId);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      return current.filter((item) => item.photoId !== photoId);
    });
    void discardPhoto(photoId);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (text === '' && photos.length === 0) {
      setError('Write something or add a photo');
      return;
    }
    if (text.length > POST_BODY_MAX) {
      setError(`Keep it to ${formatCountEnUs(POST_BODY_MAX)} characters`);
      return;
    }
    setPosting(true);
    createPost({ body: text, photoIds: photos.map((photo) => photo.photoId), tagged })
      .then(() => {
        // Posted: the kept photos now belong to the queued post (uploaded before it is sent).
        unposted.current = [];
        for (const photo of photos) URL.revokeObjectURL(photo.previewUrl);
        navigate('/social');
      })
      .catch((failure: unknown) => {
        setPosting(false);
        showError(failure);
      });
  };

  return (
    <>
      <ScreenHeader title="New post" back="/social" />
      <main className="app-main social">
        <form className="social-new card" onSubmit={submit} noValidate>
          <label htmlFor={bodyId}>What did you find?</label>
          <textarea
            id={bodyId}
            className="social-textarea"
            rows={6}
            value={body}
            placeholder="A Treasure Hunt at the supermarket, a swap at the fair…"
            aria-invalid={error !== null}
            aria-describedby={error ? `${countId} ${errorId}` : countId}
            onChange={(event) => {
              setBody(event.target.value);
              setError(null);
            }}
          />
          <div className="social-form-foot">
            <TextCount id={countId} length={body.trim().length} max={POST_BODY_MAX} />
          </div>
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
          <PhotoPicker
            photos={photos}
            onAdd={(files) => void addPhotos(files)}
            onRemove={removePhoto}
          />
          <TagPicker tagged={tagged} onChange={setTagged} />
          <button type="submit" className="primary social-submit" disabled={posting}>
            Post
          </button>
        </form>
      </main>
    </>
  );
}
