-- Issue 36: every provider and kind of source the social channels issue adds (docs/channels/README.md), allowed at once
-- so that each provider's own migration only adds its tables.
alter table connections drop constraint connections_provider_check;
alter table connections add constraint connections_provider_check
  check (provider in ('meta', 'threads', 'x', 'google', 'tiktok', 'zalo', 'shopee', 'lazada', 'linkedin'));
alter table connection_states drop constraint connection_states_provider_check;
alter table connection_states add constraint connection_states_provider_check
  check (provider in ('meta', 'threads', 'x', 'google', 'tiktok', 'zalo', 'shopee', 'lazada', 'linkedin'));
alter table connection_sources drop constraint connection_sources_kind_check;
alter table connection_sources add constraint connection_sources_kind_check
  check (kind in ('facebook_page', 'instagram_account', 'public_page', 'youtube_channel', 'play_app', 'business_location',
    'tiktok_account', 'zalo_oa', 'shopee_shop', 'lazada_shop', 'linkedin_organization'));
