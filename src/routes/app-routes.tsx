// Every route of docs/product.md: public ones with the bottom bar, standalone ones, guarded ones.
import { useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Guard, LoginRedirectWatcher } from '../features/auth/guard';
import { lazyScreen } from './lazy-screen';
import { NavLayout } from './nav-layout';

const catalog = () => import('../features/catalog/catalog-chunk');
const collection = () => import('../features/collection/collection-chunk');
const auth = () => import('../features/auth/auth-chunk');
const posts = () => import('../features/posts/posts-chunk');
const profiles = () => import('../features/profiles/profiles-chunk');
const tradeBoard = () => import('../features/trade-board/trade-board-chunk');
const learn = () => import('../features/learn/learn-chunk');
const live = () => import('../features/live/live-screen');
const premium = () => import('../features/premium/premium-chunk');

const QuickCheck = lazyScreen(() =>
  import('../features/quick-check/quick-check-screen').then((m) => ({
    default: m.QuickCheckScreen,
  })),
);
const About = lazyScreen(() =>
  import('../features/about/about-screen').then((m) => ({ default: m.AboutScreen })),
);
// The import screen wears the collection screens' styles: it is opened from Settings, so the
// collection chunk (which carries them) is almost always loaded already.
const ImportCsv = lazyScreen(() =>
  Promise.all([collection(), import('../features/collection-import/import-screen')]).then(
    ([, m]) => ({ default: m.ImportScreen }),
  ),
);
const Home = lazyScreen(() =>
  import('../features/home/home-screen').then((m) => ({ default: m.HomeScreen })),
);
const MainlinesYears = lazyScreen(() =>
  catalog().then((m) => ({ default: m.MainlinesYearsScreen })),
);
const MainlinesYear = lazyScreen(() => catalog().then((m) => ({ default: m.MainlinesYearScreen })));
const FivePack = lazyScreen(() => catalog().then((m) => ({ default: m.FivePackScreen })));
const SeriesSets = lazyScreen(() => catalog().then((m) => ({ default: m.SeriesSetsScreen })));
const SeriesSet = lazyScreen(() => catalog().then((m) => ({ default: m.SeriesSetScreen })));
const MatchboxYears = lazyScreen(() => catalog().then((m) => ({ default: m.MatchboxYearsScreen })));
const MatchboxYear = lazyScreen(() => catalog().then((m) => ({ default: m.MatchboxYearScreen })));
const ExclusiveCategories = lazyScreen(() =>
  catalog().then((m) => ({ default: m.ExclusiveCategoriesScreen })),
);
const ExclusiveYears = lazyScreen(() =>
  catalog().then((m) => ({ default: m.ExclusiveYearsScreen })),
);
const ExclusiveCars = lazyScreen(() => catalog().then((m) => ({ default: m.ExclusiveCarsScreen })));
const Brand = lazyScreen(() => catalog().then((m) => ({ default: m.BrandScreen })));
const HotWheelsYears = lazyScreen(() =>
  catalog().then((m) => ({ default: m.HotWheelsYearsScreen })),
);
const CarDetail = lazyScreen(() => catalog().then((m) => ({ default: m.CarDetailScreen })));
const Search = lazyScreen(() => catalog().then((m) => ({ default: m.SearchScreen })));
const Filter = lazyScreen(() => catalog().then((m) => ({ default: m.FilterScreen })));
const Collection = lazyScreen(() => collection().then((m) => ({ default: m.CollectionScreen })));
const RecentAdded = lazyScreen(() => collection().then((m) => ({ default: m.RecentAddedScreen })));
const CompletedSets = lazyScreen(() =>
  collection().then((m) => ({ default: m.CompletedSetsScreen })),
);
const TradeNSell = lazyScreen(() => collection().then((m) => ({ default: m.TradeNSellScreen })));
const Favorites = lazyScreen(() => collection().then((m) => ({ default: m.FavoritesScreen })));
const Wishlist = lazyScreen(() => collection().then((m) => ({ default: m.WishlistScreen })));
const Stats = lazyScreen(() => collection().then((m) => ({ default: m.StatsScreen })));
const Settings = lazyScreen(() => collection().then((m) => ({ default: m.SettingsScreen })));
const Signup = lazyScreen(() => auth().then((m) => ({ default: m.SignupScreen })));
const Login = lazyScreen(() => auth().then((m) => ({ default: m.LoginScreen })));
const SetNewPassword = lazyScreen(() => auth().then((m) => ({ default: m.SetNewPasswordScreen })));
const AuthAction = lazyScreen(() => auth().then((m) => ({ default: m.AuthActionScreen })));

const Feed = lazyScreen(() => posts().then((m) => ({ default: m.FeedScreen })));
const Post = lazyScreen(() => posts().then((m) => ({ default: m.PostScreen })));
const NewPost = lazyScreen(() => posts().then((m) => ({ default: m.NewPostScreen })));
const Profile = lazyScreen(() => profiles().then((m) => ({ default: m.ProfileScreen })));
const EditProfile = lazyScreen(() => profiles().then((m) => ({ default: m.EditProfileScreen })));
const Leaderboard = lazyScreen(() => profiles().then((m) => ({ default: m.LeaderboardScreen })));
const SearchUsers = lazyScreen(() => profiles().then((m) => ({ default: m.SearchUsersScreen })));
const SearchAll = lazyScreen(() => profiles().then((m) => ({ default: m.SearchAllScreen })));
const TradeBoard = lazyScreen(() => tradeBoard().then((m) => ({ default: m.TradeBoardScreen })));
const CreateListing = lazyScreen(() =>
  tradeBoard().then((m) => ({ default: m.CreateListingScreen })),
);
const Listing = lazyScreen(() => tradeBoard().then((m) => ({ default: m.ListingScreen })));
const Learn = lazyScreen(() => learn().then((m) => ({ default: m.LearnScreen })));
const Tutorial = lazyScreen(() => learn().then((m) => ({ default: m.TutorialScreen })));
const Live = lazyScreen(() => live().then((m) => ({ default: m.LiveScreen })));
const Premium = lazyScreen(() => premium().then((m) => ({ default: m.PremiumScreen })));
const Subscribe = lazyScreen(() => premium().then((m) => ({ default: m.SubscribeScreen })));

/**
 * Resolves once the code of the screen at `pathname` has run, for /home (where '/' leads), whose
 * chunk index.html preloads: the app's first render then draws the screen itself. Rendered
 * before, it would show 'Loading Screen...' and React would hold the screen back a while longer
 * (its fallback throttle) so the loading line does not flicker.
 */
export function firstScreenLoaded(pathname: string): Promise<void> {
  return pathname === '/' || pathname === '/home' ? Home.preload() : Promise.resolve();
}

/** Public routes: anyone may browse them, with the bottom bar. */
const publicRoutes: [string, React.ComponentType][] = [
  ['/home', Home],
  ['/social', Feed],
  ['/trade', TradeBoard],
  ['/premium', Premium],
  ['/mainlines', MainlinesYears],
  ['/mainlines/five-pack/:year/:fivePackId', FivePack],
  ['/mainlines/:year', MainlinesYear],
  ['/series/:seriesName', SeriesSets],
  ['/series/:seriesName/:year/:setId', SeriesSet],
  ['/matchbox', MatchboxYears],
  ['/matchbox/:year', MatchboxYear],
  ['/exclusives', ExclusiveCategories],
  ['/exclusives/:categoryName', ExclusiveYears],
  ['/exclusives/:categoryName/:year', ExclusiveCars],
  ['/brands/:brand/:year?', Brand],
  // "Do I have it?" at a fair table, and where the catalogue comes from.
  ['/check', QuickCheck],
  ['/about', About],
];

/** Guarded routes: a signed-in collector with a username, with the bottom bar. */
const guardedRoutes: [string, React.ComponentType][] = [
  ['/car/:carId', CarDetail],
  ['/post/:postId', Post],
  ['/p/:postId', Post],
  ['/collection', Collection],
  ['/collection/recentadded', RecentAdded],
  ['/collection/completedsets', CompletedSets],
  ['/collection/tradensell', TradeNSell],
  ['/stats', Stats],
  ['/wishlist', Wishlist],
  ['/filter', Filter],
  ['/search', Search],
  ['/favorites', Favorites],
  ['/settings', Settings],
  ['/settings/import', ImportCsv],
  ['/profile/edit', EditProfile],
  ['/profile/new-post', NewPost],
  ['/profile/:userId', Profile],
  ['/posts/create', NewPost],
  ['/trade/create', CreateListing],
  ['/trade/listing/:listingId', Listing],
  ['/learn', Learn],
  ['/learn/:tutorialId', Tutorial],
  ['/search/all', SearchAll],
  ['/search/users', SearchUsers],
  ['/leaderboard', Leaderboard],
  ['/hotwheels-years', HotWheelsYears],
];

const allScreens = [
  Home,
  QuickCheck,
  About,
  MainlinesYears,
  MainlinesYear,
  FivePack,
  SeriesSets,
  SeriesSet,
  MatchboxYears,
  MatchboxYear,
  ExclusiveCategories,
  ExclusiveYears,
  ExclusiveCars,
  Brand,
  HotWheelsYears,
  CarDetail,
  Search,
  Filter,
  Collection,
  RecentAdded,
  CompletedSets,
  TradeNSell,
  Favorites,
  Wishlist,
  Stats,
  Settings,
  ImportCsv,
  Signup,
  Login,
  SetNewPassword,
  AuthAction,
  Feed,
  Post,
  NewPost,
  Profile,
  EditProfile,
  Leaderboard,
  SearchUsers,
  SearchAll,
  TradeBoard,
  CreateListing,
  Listing,
  Learn,
  Tutorial,
  Live,
  Premium,
  Subscribe,
];

/** Where the bottom bar (nav-layout.tsx) and the quick check button lead. */
const tappedFirst = [Home, Feed, TradeBoard, Collection, QuickCheck];

/**
 * Once the first screen is up (the page's load event plus a moment for its own chunk), load
 * the other screens while idle, so no later tap waits for code and the first screen's budget
 * is not shared with them. One screen per idle moment: each chunk's code runs in a task of its
 * own, never all of them in one long task that a tap would wait behind.
 */
function preloadScreensWhenIdle() {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 0));
  // The bottom bar's and the quick check's screens first: the next tap most likely goes there.
  const queue = [...tappedFirst, ...allScreens.filter((screen) => !tappedFirst.includes(screen))];
  const next = (): void => {
    const screen = queue.shift();
    if (screen) idle(() => void screen.preload().then(next, next));
  };
  const preload = () => setTimeout(next, 2000);
  if (document.readyState === 'complete') preload();
  else window.addEventListener('load', preload, { once: true });
}

export function AppRoutes() {
  useEffect(preloadScreensWhenIdle, []);
  return (
    <>
      <LoginRedirectWatcher />
      <Switch>
        <Route path="/">
          <Redirect to="/home" replace />
        </Route>
        <Route path="/login" component={Login} />
        <Route path="/signup" component={Signup} />
        <Route path="/set-new-password" component={SetNewPassword} />
        <Route path="/auth/action" component={AuthAction} />
        <Route path="/__/auth/action" component={AuthAction} />
        <Route path="/live">
          <Guard>
            <Live />
          </Guard>
        </Route>
        <Route path="/subscribe">
          <Guard>
            <Subscribe />
          </Guard>
        </Route>
        {publicRoutes.map(([path, Screen]) => (
          <Route key={path} path={path}>
            <NavLayout>
              <Screen />
            </NavLayout>
          </Route>
        ))}
        {guardedRoutes.map(([path, Screen]) => (
          <Route key={path} path={path}>
            <Guard>
              <NavLayout>
                <Screen />
              </NavLayout>
            </Guard>
          </Route>
        ))}
        <Route>
          <Redirect to="/home" replace />
        </Route>
      </Switch>
    </>
  );
}
