"""City Blocks' client plug-in (:class:`.plugin.CityBlocksPlugin`)."""
