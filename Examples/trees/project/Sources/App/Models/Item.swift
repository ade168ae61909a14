struct Item {}
