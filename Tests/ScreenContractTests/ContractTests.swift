// Contract tests are added with the contract history.
