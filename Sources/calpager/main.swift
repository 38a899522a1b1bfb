import CalPagerCLI

CalPager.main()
