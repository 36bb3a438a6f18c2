import ScreenJSON
import ScreenLocalization

/// A String Catalog (`Localizable.xcstrings`) made deterministically for the catalog-read
/// benchmark, in the layout Xcode writes: keys sorted, two-space indentation, `"key" : value`.
///
/// It has the shape of a shipped app's catalog, kept through Xcode and a translation platform.
/// Every key is `manual`; two in three are localized in every requested locale, the others in the
/// first 12 only (partial locales). Most are plain string units with placeholders (`%@`, `%lld`,
/// `%1$@ … %2$lld`, `%.2f`), about 1 in 7 varies by plural in the categories each locale's CLDR
/// rules have (`PluralRules`), a few format their counts through `substitutions` (every other
/// locale without `argNum`), a few vary by device (some with plural forms inside); a few units
/// are `needs_review` or `new`, in plural forms too. Key 0 is the empty key, one in ten is source
/// text with punctuation and a line break, and one in a hundred carries a translator's typo (a
/// value ending in `%`) in the last locale, which the reader leaves out. The text is each locale's
/// own words, at least 6 to 41 bytes of them per phrase, about as long as an app's labels and
/// messages; Xcode's layout costs about 130 bytes around each string unit.
struct BenchStringCatalog {
    /// The locales, in the order `--locales N` takes them: the source language first.
    static let locales = [
        "en", "de", "fr", "es", "it", "pt-BR", "nl", "pl", "ru", "uk", "cs", "ar", "ja", "ko", "zh-Hans", "tr", "sv",
        "da", "en-GB",
    ]

    /// The locales a partially translated key has: the first 12.
    static let partialLocales = 12

    /// What a key's localizations hold.
    enum Kind: CaseIterable {
        /// One string unit with placeholders.
        case plain
        /// `variations` → `plural`, in the locale's categories.
        case plural
        /// A value of `%#@name@` references with `substitutions`.
        case substitution
        /// `variations` → `device`, some forms with plural variations inside.
        case device
    }

    /// The file's bytes, as Xcode writes them (ending in a line feed).
    let bytes: [UInt8]
    /// The locales every key is localized in.
    let locales: [String]
    /// How many keys of each kind.
    let kinds: [Kind: Int]
    /// How many localizations carry a translator's typo, which the reader leaves out.
    let typos: Int

    /// The number of keys.
    var keys: Int { kinds.values.reduce(0, +) }

    /// The catalog of `keys` keys in the first `locales` of ``locales``.
    static func make(keys: Int, locales count: Int) -> BenchStringCatalog {
        let locales = Array(Self.locales.prefix(count))
        let categories = locales.map { locale in
            (PluralRules.forLocale(locale)?.categories ?? [.other]).sorted()
        }
        var strings: [String: XcodeJSON] = [:]
        var kinds: [Kind: Int] = [:]
        var typos = 0
        for index in 0..<keys {
            let kind = kind(ofKey: index)
            kinds[kind, default: 0] += 1
            var localizations: [String: XcodeJSON] = [:]
            let partial = index % 3 == 1 && index > 0
            for (position, locale) in locales.enumerated() where !partial || position < partialLocales {
                let text = Text(key: index, locale: position)
                switch kind {
                case _ where index % 100 == 77 && position == count - 1 && position > 0:
                    localizations[locale] = text.unit("\(text.phrase(0)) %")
                    typos += 1
                case .plain: localizations[locale] = text.plain()
                case .plural: localizations[locale] = text.plural(categories[position])
                case .substitution: localizations[locale] = text.substitutions(categories[position])
                case .device: localizations[locale] = text.device(categories[position])
                }
            }
            var entry: [String: XcodeJSON] = [
                "extractionState": .string("manual"), "localizations": .object(localizations),
            ]
            let (area, dotted) = name(ofKey: index)
            let element = String(dotted.map { $0 == "." ? " " : $0 })
            if index % 5 != 4 {
                entry["comment"] = .string(
                    kind == .plain
                        ? "The \(element) on the \(area) screen."
                        : "The \(element) on the \(area) screen; the number is a count of items.")
            }
            strings[key(index)] = .object(entry)
        }
        let document = XcodeJSON.object([
            "sourceLanguage": .string("en"), "strings": .object(strings), "version": .string(StringCatalog.version),
        ])
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys * locales.count * 170)
        document.write(to: &bytes, indentation: 0)
        bytes.append(0x0A)
        return BenchStringCatalog(bytes: bytes, locales: locales, kinds: kinds, typos: typos)
    }

    /// The kind of key `index`: 2 in 50 keys format counts (one through substitutions, one by
    /// device), and of the rest those at 3 modulo 7 vary by plural.
    static func kind(ofKey index: Int) -> Kind {
        switch index % 50 {
        case 12: .substitution
        case 30: .device
        default: index % 7 == 3 ? .plural : .plain
        }
    }

    /// The screens and elements keys are named after: 20 × 35 = 700 distinct keys.
    static let areas = [
        "account", "address", "cart", "checkout", "delivery", "favorites", "help", "home", "inbox", "loyalty",
        "notifications", "onboarding", "orders", "payment", "privacy", "product", "profile", "returns", "search",
        "settings",
    ]
    static let elements = [
        "accessibility.label", "badge", "banner", "button.cancel", "button.confirm", "button.continue",
        "button.retry", "caption", "count", "description", "empty.message", "empty.title", "error.network",
        "error.server", "footer", "header", "hint", "label.date", "label.price", "label.status", "link.more",
        "menu.title", "placeholder", "progress", "prompt", "section.recent", "section.saved", "share.message",
        "subtitle", "summary", "tab.title", "title", "toast.saved", "tooltip", "warning",
    ]

    /// The screen and element key `index` is named after.
    static func name(ofKey index: Int) -> (area: String, element: String) {
        (areas[index % areas.count], elements[index / areas.count % elements.count])
    }

    /// Key `index`: `orders.empty.title`, with a `.2`, `.3`… suffix past the first 700; the empty
    /// key for 0, and for one in ten source text (`Orders empty title?` and a line break).
    static func key(_ index: Int) -> String {
        let (area, element) = name(ofKey: index)
        let round = index / (areas.count * elements.count)
        if index == 0 { return "" }
        if index % 10 == 9 {
            let words = element.split(separator: ".").joined(separator: " ")
            return "\(area.prefix(1).uppercased())\(area.dropFirst()) \(words)?\nTap “OK” to go on (\(index))."
        }
        return round == 0 ? "\(area).\(element)" : "\(area).\(element).\(round + 1)"
    }

    /// The values of one key in one locale.
    struct Text {
        let key: Int
        /// The locale's position in ``BenchStringCatalog/locales``.
        let locale: Int

        /// A string unit: translated but for an occasional `needs_review` or `new`.
        func unit(_ value: String) -> XcodeJSON {
            let state =
                (key + locale) % 29 == 0 ? "needs_review" : (key + 3 * locale) % 31 == 0 ? "new" : "translated"
            return .object(["stringUnit": .object(["state": .string(state), "value": .string(value)])])
        }

        /// At least `minimum` bytes of the locale's words, chosen by `slot`.
        func words(_ slot: Int, minimum: Int) -> String {
            let bank = Words.banks[locale]
            let separator = Words.unspaced.contains(BenchStringCatalog.locales[locale]) ? "" : " "
            var text = ""
            var count = 0
            while text.utf8.count < minimum {
                if count > 0 { text += separator }
                text += bank[mix(key, locale, slot &* 64 &+ count) % bank.count]
                count += 1
            }
            return text
        }

        /// Words of a length that varies from value to value.
        func phrase(_ slot: Int) -> String {
            words(slot, minimum: 6 + mix(key, locale, slot) % 36)
        }

        /// A plain value: placeholders by key, the positional pair reordered in some locales, now
        /// and then quotes or a line break (which the file escapes).
        func plainValue() -> String {
            var value: String
            switch key % 5 {
            case 0: value = phrase(0)
            case 1: value = "\(phrase(0)) %@ \(phrase(1))"
            case 2: value = "%lld \(phrase(0))"
            case 3:
                value =
                    locale % 3 == 1 ? "%2$lld \(phrase(0)) %1$@" : "%1$@ \(phrase(0)) %2$lld"
            default: value = "\(phrase(0)): %.2f"
            }
            if key % 13 == 6 { value = "\"\(value)\"" }
            if key % 17 == 8 { value += "\n\(phrase(2))" }
            return value
        }

        func plain() -> XcodeJSON { unit(plainValue()) }

        /// `variations` → `plural` with a form for each of `categories`: `placeholder` and words
        /// (chosen from `slot` on).
        func pluralForms(_ categories: [PluralCategory], count placeholder: String, slot: Int) -> XcodeJSON {
            var forms: [String: XcodeJSON] = [:]
            for (position, category) in categories.enumerated() {
                forms[category.rawValue] = unit("\(placeholder) \(phrase(slot + position))")
            }
            return .object(["plural": .object(forms)])
        }

        func plural(_ categories: [PluralCategory]) -> XcodeJSON {
            .object(["variations": pluralForms(categories, count: "%lld", slot: 10)])
        }

        /// One or two counts formatted by substitutions (`%#@items@`, argument 1, `lld`).
        func substitutions(_ categories: [PluralCategory]) -> XcodeJSON {
            let names = key % 100 < 50 ? ["items"] : ["items", "folders"]
            var substitutions: [String: XcodeJSON] = [:]
            for (position, name) in names.enumerated() {
                var substitution: [String: XcodeJSON] = [
                    "formatSpecifier": .string("lld"),
                    "variations": pluralForms(categories, count: "%arg", slot: 10 + 8 * position),
                ]
                // Translation platforms leave `argNum` out: the reference's position tells it.
                if locale % 2 == 0 { substitution["argNum"] = .integer(position + 1) }
                substitutions[name] = .object(substitution)
            }
            let value = names.map { "%#@\($0)@" }.joined(separator: " \(phrase(0)) ")
            guard case .object(var members) = unit(value) else { preconditionFailure("a unit is an object") }
            members["substitutions"] = .object(substitutions)
            return .object(members)
        }

        /// Forms for iPhone, iPad, Mac and the rest, or (every other such key) plural forms for
        /// Mac and the rest.
        func device(_ categories: [PluralCategory]) -> XcodeJSON {
            var forms: [String: XcodeJSON] = [:]
            if key / 50 % 2 == 0 {
                for (position, device) in [Device.iphone, .ipad, .mac, .other].enumerated() {
                    forms[device.rawValue] = unit("%lld \(phrase(20 + position))")
                }
            } else {
                for (position, device) in [Device.mac, .other].enumerated() {
                    forms[device.rawValue] = .object([
                        "variations": pluralForms(categories, count: "%lld", slot: 30 + 8 * position)
                    ])
                }
            }
            return .object(["variations": .object(["device": .object(forms)])])
        }

        /// A deterministic mix of three numbers (SplitMix64's finalizer), at least 0.
        func mix(_ a: Int, _ b: Int, _ c: Int) -> Int {
            var x =
                UInt64(truncatingIfNeeded: a) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: b)
                &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(truncatingIfNeeded: c) &* 0x94D0_49BB_1331_11EB
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (x ^ (x >> 31)) >> 1)
        }
    }

    /// Each locale's words, in the order of ``BenchStringCatalog/locales``.
    enum Words {
        /// The locales written without spaces between words (Japanese, Chinese).
        static let unspaced: Set<String> = ["ja", "zh-Hans"]

        /// Words separated by `|`, a line a locale.
        static let banks: [[String]] = [
            "order|delivery|account|settings|payment|basket|review|address|receipt|update|saved|later|shipping|today",
            "Bestellung|Lieferung|Konto|Einstellungen|Zahlung|Warenkorb|prüfen|Adresse|Beleg|Aktualisierung",
            "commande|livraison|compte|réglages|paiement|panier|vérifier|adresse|reçu|mise à jour|enregistré",
            "pedido|entrega|cuenta|ajustes|pago|cesta|revisar|dirección|recibo|actualización|guardado|más tarde",
            "ordine|consegna|account|impostazioni|pagamento|carrello|verifica|indirizzo|ricevuta|aggiornamento",
            "pedido|entrega|conta|ajustes|pagamento|carrinho|revisar|endereço|recibo|atualização|salvo|mais tarde",
            "bestelling|levering|account|instellingen|betaling|winkelmandje|controleren|adres|bon|update|bewaard",
            "zamówienie|dostawa|konto|ustawienia|płatność|koszyk|sprawdź|adres|paragon|aktualizacja|zapisano|później",
            "заказ|доставка|аккаунт|настройки|оплата|корзина|проверить|адрес|чек|обновление|сохранено|позже|отправка",
            "замовлення|доставка|обліковий запис|налаштування|оплата|кошик|перевірити|адреса|чек|оновлення|збережено",
            "objednávka|doručení|účet|nastavení|platba|košík|zkontrolovat|adresa|účtenka|aktualizace|uloženo|později",
            "طلب|توصيل|حساب|الإعدادات|دفع|سلة|مراجعة|عنوان|إيصال|تحديث|محفوظ|لاحقًا|شحن|اليوم|الخاص بك|جديد",
            "注文|配達|アカウント|設定|支払い|カート|確認|住所|領収書|更新|保存済み|後で|発送|今日|お客様の|新しい",
            "주문|배송|계정|설정|결제|장바구니|확인|주소|영수증|업데이트|저장됨|나중에|발송|오늘|고객님의|새로운",
            "订单|配送|账户|设置|付款|购物车|查看|地址|收据|更新|已保存|稍后|发货|今天|您的|新",
            "sipariş|teslimat|hesap|ayarlar|ödeme|sepet|incele|adres|makbuz|güncelleme|kaydedildi|daha sonra",
            "beställning|leverans|konto|inställningar|betalning|varukorg|granska|adress|kvitto|uppdatering|sparad",
            "bestilling|levering|konto|indstillinger|betaling|kurv|gennemse|adresse|kvittering|opdatering|gemt",
            "order|delivery|account|settings|payment|basket|review|postcode|receipt|colour|favourite|centre|cheque",
        ].map { $0.split(separator: "|").map(String.init) }
    }
}

/// The JSON a String Catalog holds, written the way Xcode writes it.
indirect enum XcodeJSON {
    case string(String)
    case integer(Int)
    case object([String: XcodeJSON])

    /// Appends the value: members sorted by key (byte order), each on its own line indented two
    /// spaces deeper than its object, `"key" : value`, `,` at the end of every member but the last;
    /// an empty object is `{`, an empty line, `}`.
    func write(to out: inout [UInt8], indentation: Int) {
        switch self {
        case .string(let text): appendJSONString(text, to: &out)
        case .integer(let number): appendJSONInteger(number, to: &out)
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, member) in sorted.enumerated() {
                out.append(contentsOf: position == 0 ? "\n".utf8 : ",\n".utf8)
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation + 2))
                appendJSONString(member.key, to: &out)
                out.append(contentsOf: " : ".utf8)
                member.value.write(to: &out, indentation: indentation + 2)
            }
            out.append(contentsOf: members.isEmpty ? "\n\n".utf8 : "\n".utf8)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation))
            out.append(UInt8(ascii: "}"))
        }
    }
}
