-- +goose Up
-- owner: site. The spec's currencies (section 9: symbols; VND, WON, JPY and
-- MMK have no minor unit in play) and languages with their ids. They are
-- reference data the server relies on (a request's lang header must name
-- one), so they come with the schema, not with the demo seed.
INSERT INTO currencies (code, symbol, exponent) VALUES
    ('RMB', '¥', 2), ('VND', '₫', 0), ('WON', '₩', 0), ('JPY', '¥', 0), ('THB', '฿', 2), ('USD', '$', 2),
    ('INR', '₹', 2), ('MMK', 'K', 0), ('BRL', 'R$', 2), ('BDT', '৳', 2), ('NGN', '₭', 2)
    ON CONFLICT (code) DO NOTHING;
INSERT INTO languages (code, id, name, flag) VALUES
    ('zh_TW', 0, '繁體中文', '/media/flags/zh_TW.svg'), ('zh_CN', 1, '简体中文', '/media/flags/zh_CN.svg'),
    ('en_US', 2, 'English', '/media/flags/en_US.svg'), ('vi_VN', 3, 'Tiếng Việt', '/media/flags/vi_VN.svg'),
    ('ko_KR', 4, '한국어', '/media/flags/ko_KR.svg'), ('ja_JP', 5, '日本語', '/media/flags/ja_JP.svg'),
    ('th_TH', 6, 'ไทย', '/media/flags/th_TH.svg'), ('hi_IN', 7, 'हिन्दी', '/media/flags/hi_IN.svg'),
    ('my_MM', 8, 'မြန်မာ', '/media/flags/my_MM.svg'), ('ta_IN', 9, 'தமிழ்', '/media/flags/ta_IN.svg'),
    ('bn_BD', 10, 'বাংলা', '/media/flags/bn_BD.svg')
    ON CONFLICT (code) DO NOTHING;

-- +goose Down
-- Reference rows stay: sites and members refer to them.
SELECT 1;
