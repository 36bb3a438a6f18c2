// Generated from Screens/Localizable.xcstrings: do not edit. A test fails while this file differs from the
// catalogs; regenerate with SCREENKIT_RECORD_GOLDENS=1 after changing them.

/// The String Catalogs, compiled in for `ScreenRenderer(strings: .init(catalogs: EmbeddedStringCatalogs.catalogs, …))`.
public enum EmbeddedStringCatalogs {
    /// Each table's name and its catalog's exact bytes.
    public static let catalogs: [(table: String, bytes: [UInt8])] = [
        ("Localizable", table1)
    ]

    private static let table1: [UInt8] = Array(
        #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Email" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "E-Mail"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "E-mail"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "E-mail"
                  }
                }
              }
            },
            "Forgot password?" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Passwort vergessen?"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Mot de passe oublié ?"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Nie pamiętasz hasła?"
                  }
                }
              }
            },
            "Hello, %@" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Hallo, %@"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Bonjour, %@"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Cześć, %@"
                  }
                }
              }
            },
            "Keep shopping" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Weiter einkaufen"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Continuer mes achats"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Kupuj dalej"
                  }
                }
              }
            },
            "No orders yet" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Noch keine Bestellungen"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Aucune commande pour l’instant"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Nie masz jeszcze zamówień"
                  }
                }
              }
            },
            "Password" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Passwort"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Mot de passe"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Hasło"
                  }
                }
              }
            },
            "Sign in" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Anmelden"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Se connecter"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Zaloguj się"
                  }
                }
              }
            },
            "Welcome back" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Willkommen zurück"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Bon retour"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Witaj ponownie"
                  }
                }
              }
            },
            "orders.count" : {
              "comment" : "The number of orders on the orders screen",
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Du hast %lld Bestellung"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Du hast %lld Bestellungen"
                        }
                      }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "You have %lld order"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "You have %lld orders"
                        }
                      }
                    }
                  }
                },
                "fr" : {
                  "variations" : {
                    "plural" : {
                      "many" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Vous avez %lld de commandes"
                        }
                      },
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Vous avez %lld commande"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Vous avez %lld commandes"
                        }
                      }
                    }
                  }
                },
                "pl" : {
                  "variations" : {
                    "plural" : {
                      "few" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Masz %lld zamówienia"
                        }
                      },
                      "many" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Masz %lld zamówień"
                        }
                      },
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Masz %lld zamówienie"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Masz %lld zamówienia"
                        }
                      }
                    }
                  }
                }
              }
            },
            "sign-in.subtitle" : {
              "comment" : "Under the sign-in title",
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Melde dich an, um deine Bestellungen und gespeicherten Brühmethoden zu sehen."
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Sign in to see your orders & saved brews."
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Connectez-vous pour voir vos commandes et vos recettes enregistrées."
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Zaloguj się, aby zobaczyć swoje zamówienia i zapisane przepisy."
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }

        """#.utf8)
}
