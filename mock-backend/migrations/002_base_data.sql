-- Reference data every installation needs: the company, the default site, interest tags, the time-bonus code.

INSERT INTO company_info (name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added)
VALUES ('Rainbow Connect Media B.V.', 'Herengracht 420', '81234567', '1017 BZ Amsterdam', 'NL',
        ARRAY['ManMatch', 'Mannenmatch'], ARRAY['NL862345678B01', 'BE0745123987'],
        '+31 20 808 4100', 50, '2024-03-01T09:00:00Z');

INSERT INTO sites (host, is_default, name, domain, domain_language, niche, cdn_prefix, countries, signups,
  logged_out_search, logged_out_search_trafficsource, enable_site_entry_popup, index_title, description,
  support_phone, support_email, minimum_message_costs, fictional_icon, fictional_warning, fictional_singular,
  fictional_plural, visible_profile_fields, visible_profile_notes, search_fields, message_credits, photo_credits,
  gift_credits, signup_credits, message_length, refund_days, member_resell, company_id, mail_name, us_footer)
VALUES ('localhost', true, 'ManMatch', 'manmatch.example', 'en', 7, '/media/',
  ARRAY['US','NL','BE','FR','IT','ES','DE','AT','IE','GB','CA','PL','AU','NZ','CH','DK','FI','NO','SE'],
  'all', true, false, 'NL,DE', 'ManMatch – gay dating and chat',
  'Meet gay and bi men near you. Free signup, chat with credits, no subscriptions.',
  '+31 20 808 4100', 'support@manmatch.example',
  '{"US":{"costs":99,"currency":"USD"},"NL":{"costs":99,"currency":"EUR"},"BE":{"costs":99,"currency":"EUR"},
    "FR":{"costs":99,"currency":"EUR"},"IT":{"costs":99,"currency":"EUR"},"ES":{"costs":99,"currency":"EUR"},
    "DE":{"costs":99,"currency":"EUR"},"AT":{"costs":99,"currency":"EUR"},"IE":{"costs":99,"currency":"EUR"},
    "GB":{"costs":89,"currency":"GBP"},"CA":{"costs":129,"currency":"CAD"},"PL":{"costs":429,"currency":"PLN"},
    "AU":{"costs":149,"currency":"AUD"},"NZ":{"costs":159,"currency":"NZD"},"CH":{"costs":99,"currency":"CHF"},
    "DK":{"costs":749,"currency":"DKK"},"FI":{"costs":99,"currency":"EUR"},"NO":{"costs":1149,"currency":"NOK"},
    "SE":{"costs":1149,"currency":"SEK"}}',
  '★', 'Profiles marked with ★ are fictional hosts who chat for entertainment; you will not meet them.',
  'host profile', 'host profiles',
  ARRAY['age','country','region','relationship_status','body_type','hair_colour','eye_colour','tattoos','interests'],
  ARRAY['about'],
  ARRAY['country','region','min_age','max_age'],
  10, 5, 20, 0, 1000, 14, false, 1, 'ManMatch', false);

INSERT INTO interests (key) VALUES
  ('relationship'), ('kissing'), ('cuddling'), ('dating'), ('friendship'), ('flirting'), ('romance'),
  ('gym'), ('running'), ('cycling'), ('swimming'), ('yoga'), ('hiking'), ('football'), ('tennis'),
  ('music'), ('concerts'), ('festivals'), ('dancing'), ('clubbing'), ('karaoke'), ('theatre'),
  ('movies'), ('series'), ('reading'), ('art'), ('photography'), ('fashion'), ('design'),
  ('travel'), ('beach'), ('camping'), ('city_trips'), ('road_trips'),
  ('cooking'), ('baking'), ('wine'), ('craft_beer'), ('coffee'), ('dining_out'),
  ('gaming'), ('technology'), ('pets'), ('dogs'), ('cats'), ('gardening'), ('diy'),
  ('pride'), ('drag'), ('volunteering'), ('languages'), ('massage'), ('sauna'), ('spirituality');

INSERT INTO discount_codes (code, value_percentage, status, validity, paymentmethods)
VALUES ('TIMEBONUS25', 25.0, 'active', 'once-per-user', '{}');
