-- Issue 35, Instagram (docs/channels/meta.md). A followed Instagram professional account is read with its connection's
-- user token. Meta lets one account query at most 30 distinct hashtags in a rolling 7 days, a hashtag counting from its
-- first query for 7 days (querying it again neither counts nor restarts its window): the ledger keeps each hashtag's
-- window per Instagram account (Meta's own id, shared by every Nghe account that follows it).
create table instagram_hashtag_searches (
  ig_user_id text not null,
  hashtag text not null,
  -- Meta's id for the hashtag, stable: searched once, then its recent media read directly.
  hashtag_id text,
  window_started_at timestamptz not null,
  primary key (ig_user_id, hashtag)
);
create index instagram_hashtag_searches_window on instagram_hashtag_searches (ig_user_id, window_started_at);

-- A `mentions` webhook change carries ids only: queued by the webhook, read through the Graph API by a job.
create table instagram_mention_queue (
  id bigint generated always as identity primary key,
  ig_user_id text not null,
  media_id text not null,
  -- Set when the account was @mentioned in a comment rather than in the media's caption.
  comment_id text,
  received_at timestamptz not null
);
create unique index instagram_mention_queue_once on instagram_mention_queue (ig_user_id, media_id, coalesce(comment_id, ''));
