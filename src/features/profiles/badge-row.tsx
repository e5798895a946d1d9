// The badges a collector has earned (docs/product.md), with the same art the celebrations use.
import { badgeById, badgeMilestone, isBadgeId } from '../../shared/profile/badges';
import type { ProfileBadge } from '../../shared/community/profile-schemas';
import { formatCountEnUs } from '../../shared/text/locale-text';

export function BadgeRow({ badges, isMe }: { badges: ProfileBadge[]; isMe: boolean }) {
  if (badges.length === 0) {
    return (
      <p className="muted pf-badges__empty">
        {isMe ? 'No badges yet: the first comes at 100 cars or 10 sets.' : 'No badges yet.'}
      </p>
    );
  }
  return (
    <ul className="pf-badges" aria-label="Badges">
      {badges.map((badge) => {
        const definition = isBadgeId(badge.id) ? badgeById(badge.id) : null;
        const milestone = definition
          ? badgeMilestone(definition)
          : `${formatCountEnUs(badge.threshold)} ${badge.type}s`;
        return (
          <li key={badge.id} className="pf-badge" data-badge-id={badge.id}>
            {definition && <img src={definition.image} width={56} height={56} alt="" />}
            <span className="pf-badge__label">{badge.label}</span>
            <span className="pf-badge__milestone">{milestone}</span>
          </li>
        );
      })}
    </ul>
  );
}
