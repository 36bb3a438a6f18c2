import ScreenCrypto

/// The standard catalog's frozen history, shipped with the library.
///
/// Version 1 is exactly the vocabulary strict hand-built clients of the standard catalog decode;
/// each later version adds what the standard catalog added, with fallbacks. A new project chooses
/// the standard version its shipped clients know, and its history starts from these files byte
/// for byte (`screenkit contract start --standard K`, which `screenkit init` runs).
public enum StandardBaseline {
    /// The frozen files, version 1 first, exactly as they are written to a history folder.
    public static let files: [[UInt8]] = [version1, version2].map { Array(($0 + "\n").utf8) }

    /// The newest standard version.
    public static var latest: Int { files.count }

    /// The frozen file of standard version `number` (1-based), if there is one.
    public static func file(_ number: Int) -> [UInt8]? {
        files.indices.contains(number - 1) ? files[number - 1] : nil
    }

    /// The lowercase hex SHA-256 of each file, version 1 first.
    public static var hashes: [String] { files.map(SHA256.hexDigest) }

    private static let version1 = ##"""
        {
          "format": 1,
          "version": 1,
          "components": [
            {
              "type": "button",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "action",
                  "type": "action",
                  "presence": "required"
                },
                {
                  "key": "isEnabled",
                  "type": "bool",
                  "presence": "defaulted",
                  "default": true
                },
                {
                  "key": "label",
                  "type": "string",
                  "presence": "required"
                },
                {
                  "key": "style",
                  "type": "enum ButtonStyle",
                  "presence": "defaulted",
                  "default": "primary"
                }
              ]
            },
            {
              "type": "card",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "action",
                  "type": "action",
                  "presence": "optional"
                },
                {
                  "key": "cornerRadius",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 12
                },
                {
                  "key": "padding",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 16
                }
              ]
            },
            {
              "type": "column",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "alignment",
                  "type": "enum HorizontalAlignment",
                  "presence": "defaulted",
                  "default": "center"
                },
                {
                  "key": "padding",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 0
                },
                {
                  "key": "spacing",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 8
                }
              ]
            },
            {
              "type": "image",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "accessibilityLabel",
                  "type": "string",
                  "presence": "optional"
                },
                {
                  "key": "contentMode",
                  "type": "enum ContentMode",
                  "presence": "defaulted",
                  "default": "fit"
                },
                {
                  "key": "cornerRadius",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 0
                },
                {
                  "key": "height",
                  "type": "number",
                  "presence": "optional"
                },
                {
                  "key": "url",
                  "type": "url",
                  "presence": "required"
                },
                {
                  "key": "width",
                  "type": "number",
                  "presence": "optional"
                }
              ]
            },
            {
              "type": "lazyVStack",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "spacing",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 8
                }
              ]
            },
            {
              "type": "row",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "alignment",
                  "type": "enum VerticalAlignment",
                  "presence": "defaulted",
                  "default": "center"
                },
                {
                  "key": "spacing",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 8
                }
              ]
            },
            {
              "type": "scrollView",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "axis",
                  "type": "enum ScrollAxis",
                  "presence": "defaulted",
                  "default": "vertical"
                }
              ]
            },
            {
              "type": "spacer",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "height",
                  "type": "number",
                  "presence": "optional"
                },
                {
                  "key": "width",
                  "type": "number",
                  "presence": "optional"
                }
              ]
            },
            {
              "type": "text",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "color",
                  "type": "color",
                  "presence": "optional"
                },
                {
                  "key": "content",
                  "type": "string",
                  "presence": "required"
                },
                {
                  "key": "style",
                  "type": "enum TextStyle",
                  "presence": "defaulted",
                  "default": "body"
                }
              ]
            },
            {
              "type": "textField",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "isSecure",
                  "type": "bool",
                  "presence": "defaulted",
                  "default": false
                },
                {
                  "key": "keyboardType",
                  "type": "enum Keyboard",
                  "presence": "defaulted",
                  "default": "default"
                },
                {
                  "key": "placeholder",
                  "type": "string",
                  "presence": "required"
                },
                {
                  "key": "stateKey",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                }
              ]
            }
          ],
          "enums": [
            {
              "name": "ButtonStyle",
              "values": [
                {
                  "value": "destructive"
                },
                {
                  "value": "plain"
                },
                {
                  "value": "primary"
                },
                {
                  "value": "secondary"
                }
              ]
            },
            {
              "name": "ContentMode",
              "values": [
                {
                  "value": "fill"
                },
                {
                  "value": "fit"
                }
              ]
            },
            {
              "name": "HorizontalAlignment",
              "values": [
                {
                  "value": "center"
                },
                {
                  "value": "leading"
                },
                {
                  "value": "trailing"
                }
              ]
            },
            {
              "name": "Keyboard",
              "values": [
                {
                  "value": "default"
                },
                {
                  "value": "email"
                },
                {
                  "value": "number"
                },
                {
                  "value": "url"
                }
              ]
            },
            {
              "name": "Presentation",
              "values": [
                {
                  "value": "fullScreenCover"
                },
                {
                  "value": "push"
                },
                {
                  "value": "sheet"
                }
              ]
            },
            {
              "name": "ScrollAxis",
              "values": [
                {
                  "value": "horizontal"
                },
                {
                  "value": "vertical"
                }
              ]
            },
            {
              "name": "TextStyle",
              "values": [
                {
                  "value": "body"
                },
                {
                  "value": "caption"
                },
                {
                  "value": "footnote"
                },
                {
                  "value": "headline"
                },
                {
                  "value": "largeTitle"
                },
                {
                  "value": "subheadline"
                },
                {
                  "value": "title"
                }
              ]
            },
            {
              "name": "VerticalAlignment",
              "values": [
                {
                  "value": "bottom"
                },
                {
                  "value": "center"
                },
                {
                  "value": "top"
                }
              ]
            }
          ],
          "actions": [
            {
              "kind": "apiCall",
              "fallback": "none",
              "fields": [
                {
                  "key": "bodyFromState",
                  "type": "[string]",
                  "presence": "defaulted",
                  "default": []
                },
                {
                  "key": "endpoint",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                },
                {
                  "key": "method",
                  "type": "string",
                  "presence": "defaulted",
                  "default": "POST"
                }
              ]
            },
            {
              "kind": "navigate",
              "fallback": "none",
              "fields": [
                {
                  "key": "destination",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                },
                {
                  "key": "params",
                  "type": "{string}",
                  "presence": "defaulted",
                  "default": {}
                },
                {
                  "key": "presentation",
                  "type": "enum Presentation",
                  "presence": "defaulted",
                  "default": "push"
                }
              ]
            },
            {
              "kind": "openURL",
              "fallback": "none",
              "fields": [
                {
                  "key": "url",
                  "type": "url",
                  "presence": "required"
                }
              ]
            },
            {
              "kind": "sequence",
              "fallback": "none",
              "fields": [
                {
                  "key": "actions",
                  "type": "[action]",
                  "presence": "required"
                }
              ]
            },
            {
              "kind": "showAlert",
              "fallback": "none",
              "fields": [
                {
                  "key": "message",
                  "type": "string",
                  "presence": "optional"
                },
                {
                  "key": "title",
                  "type": "string",
                  "presence": "required"
                }
              ]
            },
            {
              "kind": "updateState",
              "fallback": "none",
              "fields": [
                {
                  "key": "key",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                },
                {
                  "key": "value",
                  "type": "scalar",
                  "presence": "required"
                }
              ]
            }
          ]
        }
        """##

    private static let version2 = ##"""
        {
          "format": 1,
          "version": 2,
          "previous": "9af39f96ae968e625dd53138601893a3fd988b0163df4d1f4113845b65d6001a",
          "components": [
            {
              "type": "button",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "action",
                  "type": "action",
                  "presence": "required"
                },
                {
                  "key": "isEnabled",
                  "type": "bool",
                  "presence": "defaulted",
                  "default": true
                },
                {
                  "key": "label",
                  "type": "string",
                  "presence": "required"
                },
                {
                  "key": "style",
                  "type": "enum ButtonStyle",
                  "presence": "defaulted",
                  "default": "primary"
                }
              ]
            },
            {
              "type": "card",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "action",
                  "type": "action",
                  "presence": "optional"
                },
                {
                  "key": "cornerRadius",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 12
                },
                {
                  "key": "padding",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 16
                }
              ]
            },
            {
              "type": "column",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "alignment",
                  "type": "enum HorizontalAlignment",
                  "presence": "defaulted",
                  "default": "center"
                },
                {
                  "key": "padding",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 0
                },
                {
                  "key": "spacing",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 8
                }
              ]
            },
            {
              "type": "divider",
              "children": false,
              "fallback": "drop",
              "props": [
                {
                  "key": "color",
                  "type": "color",
                  "presence": "optional"
                },
                {
                  "key": "thickness",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 1
                }
              ]
            },
            {
              "type": "image",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "accessibilityLabel",
                  "type": "string",
                  "presence": "optional"
                },
                {
                  "key": "contentMode",
                  "type": "enum ContentMode",
                  "presence": "defaulted",
                  "default": "fit"
                },
                {
                  "key": "cornerRadius",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 0
                },
                {
                  "key": "height",
                  "type": "number",
                  "presence": "optional"
                },
                {
                  "key": "url",
                  "type": "url",
                  "presence": "required"
                },
                {
                  "key": "width",
                  "type": "number",
                  "presence": "optional"
                }
              ]
            },
            {
              "type": "lazyVStack",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "spacing",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 8
                }
              ]
            },
            {
              "type": "row",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "alignment",
                  "type": "enum VerticalAlignment",
                  "presence": "defaulted",
                  "default": "center"
                },
                {
                  "key": "spacing",
                  "type": "number",
                  "presence": "defaulted",
                  "default": 8
                }
              ]
            },
            {
              "type": "scrollView",
              "children": true,
              "fallback": "none",
              "props": [
                {
                  "key": "axis",
                  "type": "enum ScrollAxis",
                  "presence": "defaulted",
                  "default": "vertical"
                }
              ]
            },
            {
              "type": "spacer",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "height",
                  "type": "number",
                  "presence": "optional"
                },
                {
                  "key": "width",
                  "type": "number",
                  "presence": "optional"
                }
              ]
            },
            {
              "type": "text",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "color",
                  "type": "color",
                  "presence": "optional"
                },
                {
                  "key": "content",
                  "type": "string",
                  "presence": "required"
                },
                {
                  "key": "maxLines",
                  "type": "number",
                  "presence": "optional"
                },
                {
                  "key": "style",
                  "type": "enum TextStyle",
                  "presence": "defaulted",
                  "default": "body"
                }
              ]
            },
            {
              "type": "textField",
              "children": false,
              "fallback": "none",
              "props": [
                {
                  "key": "isSecure",
                  "type": "bool",
                  "presence": "defaulted",
                  "default": false
                },
                {
                  "key": "keyboardType",
                  "type": "enum Keyboard",
                  "presence": "defaulted",
                  "default": "default"
                },
                {
                  "key": "placeholder",
                  "type": "string",
                  "presence": "required"
                },
                {
                  "key": "stateKey",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                }
              ]
            }
          ],
          "enums": [
            {
              "name": "ButtonStyle",
              "values": [
                {
                  "value": "destructive"
                },
                {
                  "value": "plain"
                },
                {
                  "value": "primary"
                },
                {
                  "value": "secondary"
                }
              ]
            },
            {
              "name": "ContentMode",
              "values": [
                {
                  "value": "fill"
                },
                {
                  "value": "fit"
                }
              ]
            },
            {
              "name": "HorizontalAlignment",
              "values": [
                {
                  "value": "center"
                },
                {
                  "value": "leading"
                },
                {
                  "value": "trailing"
                }
              ]
            },
            {
              "name": "Keyboard",
              "values": [
                {
                  "value": "default"
                },
                {
                  "value": "email"
                },
                {
                  "value": "number"
                },
                {
                  "value": "url"
                }
              ]
            },
            {
              "name": "Presentation",
              "values": [
                {
                  "value": "fullScreenCover"
                },
                {
                  "value": "push"
                },
                {
                  "value": "sheet"
                }
              ]
            },
            {
              "name": "ScrollAxis",
              "values": [
                {
                  "value": "horizontal"
                },
                {
                  "value": "vertical"
                }
              ]
            },
            {
              "name": "TextStyle",
              "values": [
                {
                  "value": "body"
                },
                {
                  "value": "caption"
                },
                {
                  "value": "display",
                  "fallback": "largeTitle"
                },
                {
                  "value": "footnote"
                },
                {
                  "value": "headline"
                },
                {
                  "value": "largeTitle"
                },
                {
                  "value": "subheadline"
                },
                {
                  "value": "title"
                }
              ]
            },
            {
              "name": "VerticalAlignment",
              "values": [
                {
                  "value": "bottom"
                },
                {
                  "value": "center"
                },
                {
                  "value": "top"
                }
              ]
            }
          ],
          "actions": [
            {
              "kind": "apiCall",
              "fallback": "none",
              "fields": [
                {
                  "key": "bodyFromState",
                  "type": "[string]",
                  "presence": "defaulted",
                  "default": []
                },
                {
                  "key": "endpoint",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                },
                {
                  "key": "method",
                  "type": "string",
                  "presence": "defaulted",
                  "default": "POST"
                }
              ]
            },
            {
              "kind": "navigate",
              "fallback": "none",
              "fields": [
                {
                  "key": "destination",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                },
                {
                  "key": "params",
                  "type": "{string}",
                  "presence": "defaulted",
                  "default": {}
                },
                {
                  "key": "presentation",
                  "type": "enum Presentation",
                  "presence": "defaulted",
                  "default": "push"
                }
              ]
            },
            {
              "kind": "openURL",
              "fallback": "none",
              "fields": [
                {
                  "key": "url",
                  "type": "url",
                  "presence": "required"
                }
              ]
            },
            {
              "kind": "sequence",
              "fallback": "none",
              "fields": [
                {
                  "key": "actions",
                  "type": "[action]",
                  "presence": "required"
                }
              ]
            },
            {
              "kind": "share",
              "fallback": "node",
              "fields": [
                {
                  "key": "message",
                  "type": "string",
                  "presence": "optional"
                },
                {
                  "key": "url",
                  "type": "url",
                  "presence": "required"
                }
              ]
            },
            {
              "kind": "showAlert",
              "fallback": "none",
              "fields": [
                {
                  "key": "message",
                  "type": "string",
                  "presence": "optional"
                },
                {
                  "key": "title",
                  "type": "string",
                  "presence": "required"
                }
              ]
            },
            {
              "kind": "updateState",
              "fallback": "none",
              "fields": [
                {
                  "key": "key",
                  "type": "string",
                  "presence": "required",
                  "nonEmpty": true
                },
                {
                  "key": "value",
                  "type": "scalar",
                  "presence": "required"
                }
              ]
            }
          ]
        }
        """##
}
