package seed

import (
	"fmt"
	"time"

	"gamehall/internal/i18n"
)

// all is a short text with all eleven translations inline (the page
// titles); summaries and bodies go through tr and html, whose other eight
// languages are in text/<lang>.json.
func all(en, zh, vi string, others map[string]string) string {
	m := map[string]string{"en_US": en, "zh_CN": zh, "vi_VN": vi}
	for k, v := range others {
		m[k] = v
	}
	return i18n.Text(m)
}

type seedPage struct {
	kind, title, summary, body, image string
	starts, ends                      time.Duration // from now; 0: open
}

// pages seeds the operator pages: the content pages first (the footers,
// side float and customer-service link point at them), then FAQ entries,
// promotions and the app page. It returns the ids by kind, in order.
func (s *seeder) pages() map[string][]int64 {
	list := []seedPage{
		{kind: "main", title: all("About us", "关于我们", "Về chúng tôi", map[string]string{"zh_TW": "關於我們", "ja_JP": "会社概要",
			"ko_KR": "회사 소개", "th_TH": "เกี่ยวกับเรา", "hi_IN": "हमारे बारे में", "bn_BD": "আমাদের সম্পর্কে", "ta_IN": "எங்களைப் பற்றி", "my_MM": "ကျွန်ုပ်တို့အကြောင်း"}),
			summary: tr("Who runs Gamehall and what we stand for.", "Gamehall 的运营团队与经营理念。", "Ai vận hành Gamehall và giá trị của chúng tôi."),
			body: html(`<h2>Gamehall</h2><p>Gamehall is an online gaming hall with slots, live casino, card games, lottery and sports in one place. Every result of our own games is decided on our servers with a certified random number generator, and every payout is recorded in a double-entry ledger.</p><p>We serve players in seven currencies and eleven languages. Our support team answers around the clock.</p>`,
				`<h2>Gamehall</h2><p>Gamehall 是集电子游戏、真人视讯、棋牌、彩票和体育于一体的在线游戏大厅。自营游戏的每一局结果均由服务器上经认证的随机数生成器决定，每一笔派彩都记入复式账本。</p><p>我们支持七种货币和十一种语言，客服团队全天候在线。</p>`,
				`<h2>Gamehall</h2><p>Gamehall là sảnh trò chơi trực tuyến với slot, casino trực tiếp, game bài, xổ số và thể thao ở cùng một nơi. Mọi kết quả trò chơi của chúng tôi đều do máy chủ quyết định bằng bộ sinh số ngẫu nhiên đã kiểm định, và mọi khoản trả thưởng đều được ghi vào sổ kép.</p><p>Chúng tôi hỗ trợ bảy loại tiền tệ và mười một ngôn ngữ. Đội ngũ hỗ trợ làm việc suốt ngày đêm.</p>`)},
		{kind: "main", title: all("Responsible gaming", "理性娱乐", "Chơi có trách nhiệm", map[string]string{"zh_TW": "理性娛樂", "ja_JP": "責任あるゲーム",
			"ko_KR": "책임감 있는 게임", "th_TH": "การเล่นอย่างรับผิดชอบ", "hi_IN": "ज़िम्मेदार गेमिंग", "bn_BD": "দায়িত্বশীল গেমিং", "ta_IN": "பொறுப்பான விளையாட்டு", "my_MM": "တာဝန်ယူမှုရှိသော ကစားခြင်း"}),
			summary: tr("Play for fun, set limits, take breaks.", "娱乐为先，设定限额，适时休息。", "Chơi để giải trí, đặt giới hạn, nghỉ ngơi hợp lý."),
			body: html(`<h2>Play for fun</h2><p>Gaming is entertainment, not a way to make money. Only play with money you can afford to lose.</p><ul><li>Set a deposit limit before you play.</li><li>Take regular breaks and keep track of time.</li><li>Never chase losses.</li></ul><p>Players must be 18 or older. If gaming stops being fun, contact <a href="/main/3">our support team</a> to close your account for a while.</p>`,
				`<h2>娱乐为先</h2><p>游戏是一种娱乐，而不是赚钱的手段。只用您输得起的钱来游戏。</p><ul><li>游戏前先设定存款限额。</li><li>定时休息，注意游戏时间。</li><li>切勿为追回损失而加注。</li></ul><p>玩家须年满 18 周岁。如果游戏不再有趣，请联系<a href="/main/3">客服团队</a>暂时关闭账户。</p>`,
				`<h2>Chơi để giải trí</h2><p>Trò chơi là giải trí, không phải cách kiếm tiền. Chỉ chơi bằng số tiền bạn có thể chấp nhận mất.</p><ul><li>Đặt giới hạn nạp tiền trước khi chơi.</li><li>Nghỉ ngơi thường xuyên và để ý thời gian.</li><li>Đừng bao giờ cố gỡ lại khoản thua.</li></ul><p>Người chơi phải từ 18 tuổi trở lên. Nếu trò chơi không còn vui, hãy liên hệ <a href="/main/3">đội hỗ trợ</a> để tạm khóa tài khoản.</p>`)},
		{kind: "main", title: all("Contact us", "联系我们", "Liên hệ", map[string]string{"zh_TW": "聯絡我們", "ja_JP": "お問い合わせ",
			"ko_KR": "문의하기", "th_TH": "ติดต่อเรา", "hi_IN": "संपर्क करें", "bn_BD": "যোগাযোগ", "ta_IN": "தொடர்பு கொள்ள", "my_MM": "ဆက်သွယ်ရန်"}),
			summary: tr("Our support team answers 24/7.", "客服团队 24 小时在线。", "Đội hỗ trợ trực 24/7."),
			body: html(`<h2>Customer service</h2><p>Our support team is online 24 hours a day, 7 days a week.</p><ul><li>E-mail: <a href="mailto:support@gamehall.example">support@gamehall.example</a></li><li>Average reply time: under 5 minutes</li></ul><p>Please have your account name ready. We will never ask for your password.</p>`,
				`<h2>在线客服</h2><p>客服团队每周 7 天、每天 24 小时在线。</p><ul><li>邮箱：<a href="mailto:support@gamehall.example">support@gamehall.example</a></li><li>平均回复时间：5 分钟以内</li></ul><p>请准备好您的账户名。我们绝不会向您索取密码。</p>`,
				`<h2>Chăm sóc khách hàng</h2><p>Đội hỗ trợ trực tuyến 24 giờ mỗi ngày, 7 ngày mỗi tuần.</p><ul><li>E-mail: <a href="mailto:support@gamehall.example">support@gamehall.example</a></li><li>Thời gian phản hồi trung bình: dưới 5 phút</li></ul><p>Vui lòng chuẩn bị tên tài khoản. Chúng tôi không bao giờ hỏi mật khẩu của bạn.</p>`)},
		{kind: "faq", title: all("How do I open an account?", "如何注册账户？", "Làm sao để mở tài khoản?", map[string]string{"zh_TW": "如何註冊帳戶？", "ja_JP": "アカウントの作り方は？",
			"ko_KR": "계정은 어떻게 만드나요?", "th_TH": "สมัครบัญชีอย่างไร?", "hi_IN": "खाता कैसे खोलें?", "bn_BD": "কীভাবে অ্যাকাউন্ট খুলব?", "ta_IN": "கணக்கை எப்படி தொடங்குவது?", "my_MM": "အကောင့် ဘယ်လိုဖွင့်ရမလဲ?"}),
			summary: tr("Registration takes under a minute.", "一分钟即可完成注册。", "Đăng ký chỉ mất chưa đến một phút."),
			body: html(`<p>Press <b>Register</b> at the top of the page, choose an account name of 6 to 12 letters and digits, a password, your currency, and answer the picture code. You are logged in straight away.</p>`,
				`<p>点击页面顶部的<b>注册</b>，填写 6 至 12 位字母和数字组成的账户名、密码，选择货币并输入图形验证码，注册后即自动登录。</p>`,
				`<p>Bấm <b>Đăng ký</b> ở đầu trang, chọn tên tài khoản 6 đến 12 ký tự chữ và số, mật khẩu, loại tiền và nhập mã hình. Bạn sẽ được đăng nhập ngay.</p>`)},
		{kind: "faq", title: all("How do I deposit?", "如何存款？", "Làm sao để nạp tiền?", map[string]string{"zh_TW": "如何存款？", "ja_JP": "入金方法は？",
			"ko_KR": "입금은 어떻게 하나요?", "th_TH": "ฝากเงินอย่างไร?", "hi_IN": "जमा कैसे करें?", "bn_BD": "কীভাবে জমা করব?", "ta_IN": "பணம் செலுத்துவது எப்படி?", "my_MM": "ငွေဘယ်လိုသွင်းရမလဲ?"}),
			summary: tr("Open Deposit in the member centre.", "在会员中心打开存款页面。", "Mở mục Nạp tiền trong trung tâm thành viên."),
			body: html(`<p>Log in, open <b>Deposit</b> in the member centre, pick a channel and an amount within its limits and follow the payment page. Your balance updates as soon as the payment is confirmed.</p>`,
				`<p>登录后在会员中心打开<b>存款</b>，选择渠道并输入限额内的金额，按支付页面完成付款。付款确认后余额即时更新。</p>`,
				`<p>Đăng nhập, mở <b>Nạp tiền</b> trong trung tâm thành viên, chọn kênh và số tiền trong hạn mức rồi làm theo trang thanh toán. Số dư cập nhật ngay khi thanh toán được xác nhận.</p>`)},
		{kind: "faq", title: all("How do I withdraw?", "如何取款？", "Làm sao để rút tiền?", map[string]string{"zh_TW": "如何取款？", "ja_JP": "出金方法は？",
			"ko_KR": "출금은 어떻게 하나요?", "th_TH": "ถอนเงินอย่างไร?", "hi_IN": "निकासी कैसे करें?", "bn_BD": "কীভাবে উত্তোলন করব?", "ta_IN": "பணத்தை எடுப்பது எப்படி?", "my_MM": "ငွေဘယ်လိုထုတ်ရမလဲ?"}),
			summary: tr("Bind a bank account, then request a withdrawal.", "先绑定银行卡，再申请取款。", "Liên kết tài khoản ngân hàng rồi gửi yêu cầu rút tiền."),
			body: html(`<p>Bind a bank account in the member centre, then open <b>Withdrawal</b>, enter the amount and your 4-digit withdrawal password. Requests are reviewed around the clock.</p>`,
				`<p>先在会员中心绑定银行卡，然后打开<b>取款</b>，输入金额和 4 位取款密码。取款申请全天候审核。</p>`,
				`<p>Liên kết tài khoản ngân hàng trong trung tâm thành viên, sau đó mở <b>Rút tiền</b>, nhập số tiền và mật khẩu rút tiền 4 số. Yêu cầu được duyệt suốt ngày đêm.</p>`)},
		{kind: "faq", title: all("Is demo play free?", "试玩免费吗？", "Chơi thử có miễn phí không?", map[string]string{"zh_TW": "試玩免費嗎？", "ja_JP": "デモプレイは無料？",
			"ko_KR": "데모 플레이는 무료인가요?", "th_TH": "ทดลองเล่นฟรีไหม?", "hi_IN": "क्या डेमो खेलना मुफ़्त है?", "bn_BD": "ডেমো খেলা কি বিনামূল্যে?", "ta_IN": "டெமோ விளையாட்டு இலவசமா?", "my_MM": "စမ်းကစားခြင်း အခမဲ့လား?"}),
			summary: tr("Yes: demo games use play money.", "是的，试玩使用虚拟币。", "Có: chơi thử dùng tiền ảo."),
			body: html(`<p>Yes. Demo games use play money that is never paid out, and need no account. Real-money play needs an account and a deposit.</p>`,
				`<p>是的。试玩使用不可提现的虚拟币，无需注册。真钱游戏需要注册账户并存款。</p>`,
				`<p>Có. Chơi thử dùng tiền ảo không thể rút và không cần tài khoản. Chơi bằng tiền thật cần tài khoản và nạp tiền.</p>`)},
		{kind: "discount", image: s.m("/media/promo/1.svg"), ends: 60 * 24 * time.Hour,
			title: all("Welcome bonus 100%", "首存 100% 迎新奖金", "Thưởng chào mừng 100%", map[string]string{"zh_TW": "首存 100% 迎新獎金", "ja_JP": "初回入金100%ボーナス",
				"ko_KR": "첫 입금 100% 보너스", "th_TH": "โบนัสต้อนรับ 100%", "hi_IN": "100% वेलकम बोनस", "bn_BD": "১০০% স্বাগত বোনাস", "ta_IN": "100% வரவேற்பு போனஸ்", "my_MM": "၁၀၀% ကြိုဆိုဘောနပ်စ်"}),
			summary: tr("Double your first deposit, up to $200.", "首存翻倍，最高 200 美元。", "Nhân đôi lần nạp đầu, tối đa 200 USD."),
			body: html(`<h3>How it works</h3><ol><li>Register and make your first deposit of at least $20.</li><li>We add a 100% bonus, up to $200.</li><li>Wager the deposit and bonus 15 times to withdraw.</li></ol><p>One bonus per member, household and IP address. Standard terms apply.</p>`,
				`<h3>活动说明</h3><ol><li>注册并完成首笔至少 20 美元的存款。</li><li>我们赠送 100% 奖金，最高 200 美元。</li><li>存款与奖金完成 15 倍流水即可取款。</li></ol><p>每位会员、每个家庭及每个 IP 限领一次。适用一般条款。</p>`,
				`<h3>Cách tham gia</h3><ol><li>Đăng ký và nạp lần đầu tối thiểu 20 USD.</li><li>Chúng tôi tặng thêm 100%, tối đa 200 USD.</li><li>Cược đủ 15 lần tiền nạp và tiền thưởng để rút.</li></ol><p>Mỗi thành viên, hộ gia đình và địa chỉ IP chỉ nhận một lần. Áp dụng điều khoản chung.</p>`)},
		{kind: "discount", image: s.m("/media/promo/2.svg"), starts: -7 * 24 * time.Hour,
			title: all("Weekly cashback up to 1.2%", "每周返水最高 1.2%", "Hoàn trả hằng tuần đến 1,2%", map[string]string{"zh_TW": "每週返水最高 1.2%", "ja_JP": "毎週キャッシュバック最大1.2%",
				"ko_KR": "주간 캐시백 최대 1.2%", "th_TH": "คืนยอดเสียรายสัปดาห์สูงสุด 1.2%", "hi_IN": "साप्ताहिक कैशबैक 1.2% तक", "bn_BD": "সাপ্তাহিক ক্যাশব্যাক ১.২% পর্যন্ত", "ta_IN": "வாராந்திர கேஷ்பேக் 1.2% வரை", "my_MM": "အပတ်စဉ် ငွေပြန်အမ်း ၁.၂% အထိ"}),
			summary: tr("Cashback on every bet, paid each Monday.", "每笔投注均可返水，每周一派发。", "Hoàn trả trên mọi cược, trả vào thứ Hai."),
			body: html(`<p>Every valid bet from Monday to Sunday earns cashback by VIP level:</p><table><tr><th>Level</th><th>Slots</th><th>Live casino</th></tr><tr><td>Bronze</td><td>0.6%</td><td>0.4%</td></tr><tr><td>Gold</td><td>1.0%</td><td>0.7%</td></tr><tr><td>Diamond</td><td>1.2%</td><td>0.9%</td></tr></table><p>Cashback is paid to the main wallet every Monday and needs only 1x wagering.</p>`,
				`<p>每周一至周日的有效投注按 VIP 等级返水：</p><table><tr><th>等级</th><th>电子游戏</th><th>真人视讯</th></tr><tr><td>青铜</td><td>0.6%</td><td>0.4%</td></tr><tr><td>黄金</td><td>1.0%</td><td>0.7%</td></tr><tr><td>钻石</td><td>1.2%</td><td>0.9%</td></tr></table><p>返水每周一派发至主钱包，仅需 1 倍流水。</p>`,
				`<p>Mọi cược hợp lệ từ thứ Hai đến Chủ nhật được hoàn trả theo cấp VIP:</p><table><tr><th>Cấp</th><th>Slot</th><th>Casino trực tiếp</th></tr><tr><td>Đồng</td><td>0,6%</td><td>0,4%</td></tr><tr><td>Vàng</td><td>1,0%</td><td>0,7%</td></tr><tr><td>Kim cương</td><td>1,2%</td><td>0,9%</td></tr></table><p>Tiền hoàn trả vào ví chính mỗi thứ Hai, chỉ cần cược 1 lần.</p>`)},
		{kind: "discount", image: s.m("/media/promo/3.svg"), starts: -24 * time.Hour, ends: 30 * 24 * time.Hour,
			title: all("Daily red envelope", "每日红包", "Lì xì mỗi ngày", map[string]string{"zh_TW": "每日紅包", "ja_JP": "毎日のお年玉",
				"ko_KR": "매일 세뱃돈", "th_TH": "อั่งเปาประจำวัน", "hi_IN": "रोज़ का लाल लिफ़ाफ़ा", "bn_BD": "প্রতিদিনের লাল খাম", "ta_IN": "தினசரி சிவப்பு உறை", "my_MM": "နေ့စဉ် အနီရောင်စာအိတ်"}),
			summary: tr("Open an envelope every day for a cash surprise.", "每天拆红包，现金惊喜。", "Mở lì xì mỗi ngày để nhận tiền bất ngờ."),
			body: html(`<p>Log in every day and open the red envelope on the home page. Each member can open one envelope per day while the daily budget lasts.</p>`,
				`<p>每天登录并在首页拆开红包。每位会员每天可领取一个红包，当日预算领完即止。</p>`,
				`<p>Đăng nhập mỗi ngày và mở lì xì trên trang chủ. Mỗi thành viên mở được một lì xì mỗi ngày khi ngân sách trong ngày còn.</p>`)},
		{kind: "discount", image: s.m("/media/promo/1.svg"), starts: -90 * 24 * time.Hour, ends: -30 * 24 * time.Hour,
			title:   tr("Summer slots race (ended)", "夏季电子游戏竞赛（已结束）", "Đua slot mùa hè (đã kết thúc)"),
			summary: tr("This promotion has ended.", "本活动已结束。", "Khuyến mãi đã kết thúc."),
			body:    html("<p>Thank you for taking part.</p>", "<p>感谢参与。</p>", "<p>Cảm ơn bạn đã tham gia.</p>")},
		{kind: "app", image: s.m("/media/app/phone.svg"),
			title: all("Gamehall on your phone", "手机畅玩 Gamehall", "Gamehall trên điện thoại", map[string]string{"zh_TW": "手機暢玩 Gamehall", "ja_JP": "スマホでGamehall",
				"ko_KR": "휴대폰으로 Gamehall", "th_TH": "Gamehall บนมือถือ", "hi_IN": "फ़ोन पर Gamehall", "bn_BD": "ফোনে Gamehall", "ta_IN": "உங்கள் போனில் Gamehall", "my_MM": "ဖုန်းပေါ်တွင် Gamehall"}),
			summary: tr("Add Gamehall to your home screen: no store, no download.", "将 Gamehall 添加到主屏幕：无需应用商店，无需下载。", "Thêm Gamehall vào màn hình chính: không cần kho ứng dụng, không cần tải."),
			body: html(`<h3>iPhone and iPad</h3><ol><li>Open this site in Safari.</li><li>Tap the Share button.</li><li>Choose <b>Add to Home Screen</b>.</li></ol><h3>Android</h3><ol><li>Open this site in Chrome.</li><li>Tap the menu (three dots).</li><li>Choose <b>Install app</b> or <b>Add to Home screen</b>.</li></ol><p>The app opens full screen, keeps you logged in and gets every update at once.</p>`,
				`<h3>iPhone 和 iPad</h3><ol><li>用 Safari 打开本站。</li><li>点击分享按钮。</li><li>选择<b>添加到主屏幕</b>。</li></ol><h3>Android</h3><ol><li>用 Chrome 打开本站。</li><li>点击菜单（三个点）。</li><li>选择<b>安装应用</b>或<b>添加到主屏幕</b>。</li></ol><p>应用全屏打开，保持登录状态，并即时获得每次更新。</p>`,
				`<h3>iPhone và iPad</h3><ol><li>Mở trang này bằng Safari.</li><li>Chạm nút Chia sẻ.</li><li>Chọn <b>Thêm vào Màn hình chính</b>.</li></ol><h3>Android</h3><ol><li>Mở trang này bằng Chrome.</li><li>Chạm menu (ba chấm).</li><li>Chọn <b>Cài đặt ứng dụng</b> hoặc <b>Thêm vào Màn hình chính</b>.</li></ol><p>Ứng dụng mở toàn màn hình, giữ đăng nhập và cập nhật ngay lập tức.</p>`)},
	}
	ids := map[string][]int64{}
	now := time.UnixMicro(s.now)
	for i, p := range list {
		var starts, ends int64
		if p.starts != 0 {
			starts = now.Add(p.starts).UnixMicro()
		}
		if p.ends != 0 {
			ends = now.Add(p.ends).UnixMicro()
		}
		id := s.insertID(`INSERT INTO content_pages (site_id, kind, title_i18n, summary_i18n, body_i18n, image, starts_at, ends_at,
			active, sort, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, TRUE, $9, $10, $10)`,
			DemoSiteID, p.kind, p.title, p.summary, p.body, p.image, starts, ends, i, s.now)
		ids[p.kind] = append(ids[p.kind], id)
	}
	if len(ids["main"]) == 3 {
		s.exec(`UPDATE sites SET customer_service_url = $1 WHERE id = $2`, fmt.Sprintf("/main/%d", ids["main"][2]), DemoSiteID)
	}
	return ids
}
